from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.render_report import RenderReport
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    id: str,
    solution: bool | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["id"] = id

    params["solution"] = solution

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/render",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RenderReport | None:
    if response.status_code == 200:
        response_200 = RenderReport.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 405:
        response_405 = Problem.from_dict(response.json())

        return response_405

    if response.status_code == 408:
        response_408 = Problem.from_dict(response.json())

        return response_408

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 414:
        response_414 = Problem.from_dict(response.json())

        return response_414

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = Problem.from_dict(response.json())

        return response_431

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if response.status_code == 504:
        response_504 = Problem.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | RenderReport]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    id: str,
    solution: bool | Unset = UNSET,
) -> Response[Problem | RenderReport]:
    """Draw a puzzle given by its ID: the URL of a drawing, for `<img src="...">`.

     The drawing `POST /render` makes of the puzzle, blank or (`solution=true`) solved. The
    answer is JSON, `{"svg": "..."}`, unless the request asks for `image/svg+xml` or
    `image/*`, as a browser's image request for `<img src="/render?id=...">` does: then it is
    the SVG document.

    Args:
        id (str):
        solution (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RenderReport]
    """

    kwargs = _get_kwargs(
        id=id,
        solution=solution,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    id: str,
    solution: bool | Unset = UNSET,
) -> Problem | RenderReport | None:
    """Draw a puzzle given by its ID: the URL of a drawing, for `<img src="...">`.

     The drawing `POST /render` makes of the puzzle, blank or (`solution=true`) solved. The
    answer is JSON, `{"svg": "..."}`, unless the request asks for `image/svg+xml` or
    `image/*`, as a browser's image request for `<img src="/render?id=...">` does: then it is
    the SVG document.

    Args:
        id (str):
        solution (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RenderReport
    """

    return sync_detailed(
        client=client,
        id=id,
        solution=solution,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    id: str,
    solution: bool | Unset = UNSET,
) -> Response[Problem | RenderReport]:
    """Draw a puzzle given by its ID: the URL of a drawing, for `<img src="...">`.

     The drawing `POST /render` makes of the puzzle, blank or (`solution=true`) solved. The
    answer is JSON, `{"svg": "..."}`, unless the request asks for `image/svg+xml` or
    `image/*`, as a browser's image request for `<img src="/render?id=...">` does: then it is
    the SVG document.

    Args:
        id (str):
        solution (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RenderReport]
    """

    kwargs = _get_kwargs(
        id=id,
        solution=solution,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    id: str,
    solution: bool | Unset = UNSET,
) -> Problem | RenderReport | None:
    """Draw a puzzle given by its ID: the URL of a drawing, for `<img src="...">`.

     The drawing `POST /render` makes of the puzzle, blank or (`solution=true`) solved. The
    answer is JSON, `{"svg": "..."}`, unless the request asks for `image/svg+xml` or
    `image/*`, as a browser's image request for `<img src="/render?id=...">` does: then it is
    the SVG document.

    Args:
        id (str):
        solution (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RenderReport
    """

    return (
        await asyncio_detailed(
            client=client,
            id=id,
            solution=solution,
        )
    ).parsed
