// orval's two clients of the committed document, in orval's defaults otherwise: the fetch client
// (which parses every body as JSON) and the axios client (whose query arrays follow axios'
// `seeds[]=1&seeds[]=2` convention). scripts/client-tests.sh runs `orval --config` on this file.
module.exports = {
  fetch: {
    input: '../../openapi/openapi.json',
    output: { target: 'generated/ts/orval-fetch/api.ts', client: 'fetch', mode: 'single' },
  },
  axios: {
    input: '../../openapi/openapi.json',
    output: { target: 'generated/ts/orval-axios/api.ts', client: 'axios', mode: 'single' },
  },
};
