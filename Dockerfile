# Multi-stage build of the `sumpuzzles` HTTP service: the WebAssembly package, the server that
# embeds it, the runtime. Needs BuildKit (the default builder of
# Docker 23 and later; DOCKER_BUILDKIT=1 with Docker 18.09 to 20.10; Podman and Buildah too).
#   docker build -t sumpuzzles:latest .
#   docker run --rm -p 8080:8080 sumpuzzles:latest
# What enters the build context is decided by .dockerignore (an allow-list).
#
# The base images are build arguments. The defaults are the official images; where no
# registry is reachable, scripts/container-test.sh builds all three from Debian packages
# (debootstrap) and passes their local tags.

# Same Debian release in every stage, so the glibc the binary links against is the one it
# runs with. WASM_BUILDER_IMAGE is the builder's image by default (written out again: an
# ARG's default naming another ARG is not read by every builder).
ARG BUILDER_IMAGE=rust:1.95-slim-bookworm
ARG WASM_BUILDER_IMAGE=rust:1.95-slim-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

# The WebAssembly package (wasm/pkg/), which the server embeds (build.rs) and serves under
# /wasm/ for the play page's engine in the browser: the image always has it. The host's way,
# scripts/build-wasm.sh, in two steps. First the tools, a layer that only the script and
# wasm/Cargo.toml (the pinned wasm-bindgen) invalidate: on the official rust image, rustup's
# wasm32 target and wasm-bindgen-cli built from crates.io (minutes, once); the wasm builder
# base scripts/container-test.sh makes has both (Debian's rustc-web toolchain), so there the
# step does nothing. Then the package, with the registry and wasm/target/ as cache mounts (a
# rebuild compiles the two crates of this project, not the dependencies or the standard
# library). No node in this stage: no wasm-opt pass (4% smaller gzipped, no measured speed,
# docs/benchmarks.md) and no pkg/api.d.ts (the server serves neither).
FROM ${WASM_BUILDER_IMAGE} AS wasm
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
WORKDIR /build
COPY scripts/build-wasm.sh scripts/
COPY wasm/Cargo.toml wasm/
RUN --mount=type=cache,id=sumpuzzles-cargo-registry,target=/usr/local/cargo/registry,sharing=locked \
    --mount=type=secret,id=cargo-cainfo \
    set -eu; \
    if [ -s /run/secrets/cargo-cainfo ]; then export CARGO_HTTP_CAINFO=/run/secrets/cargo-cainfo; fi; \
    scripts/build-wasm.sh --tools
COPY . .
RUN --mount=type=cache,id=sumpuzzles-cargo-registry,target=/usr/local/cargo/registry,sharing=locked \
    --mount=type=cache,id=sumpuzzles-wasm-target,target=/build/wasm/target,sharing=locked \
    --mount=type=secret,id=cargo-cainfo \
    set -eu; \
    if [ -s /run/secrets/cargo-cainfo ]; then export CARGO_HTTP_CAINFO=/run/secrets/cargo-cainfo; fi; \
    find src wasm/src -type f -exec touch {} +; \
    SUMPUZZLES_WASM_OPT=0 scripts/build-wasm.sh

FROM ${BUILDER_IMAGE} AS builder
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
WORKDIR /build
# Cargo.toml's release profile keeps line tables for profiling on a developer's machine; the
# image has no use for them, and the build is faster without.
ENV CARGO_PROFILE_RELEASE_DEBUG=false
COPY . .
COPY --from=wasm /build/wasm/pkg/sumpuzzles.js /build/wasm/pkg/sumpuzzles_bg.wasm /build/wasm/pkg/
# The crates registry and target/ are cache mounts, which the engine keeps between builds: a
# rebuild compiles only what changed, Cargo.toml and Cargo.lock changes included. The sources
# are touched because their copied mtimes may be older than a cached build of them.
# A build host behind a TLS-inspecting proxy lends cargo its CA bundle as a secret
# (`--secret id=cargo-cainfo,src=/etc/ssl/certs/ca-certificates.crt`), kept in no layer.
RUN --mount=type=cache,id=sumpuzzles-cargo-registry,target=/usr/local/cargo/registry,sharing=locked \
    --mount=type=cache,id=sumpuzzles-target,target=/build/target,sharing=locked \
    --mount=type=secret,id=cargo-cainfo \
    set -eu; \
    if [ -s /run/secrets/cargo-cainfo ]; then export CARGO_HTTP_CAINFO=/run/secrets/cargo-cainfo; fi; \
    find src benches -type f -exec touch {} +; \
    if [ -f build.rs ]; then touch build.rs; fi; \
    cargo build --release --locked --bin sumpuzzles; \
    install -m 0755 target/release/sumpuzzles /usr/local/bin/sumpuzzles

# Runtime: no shell tools needed (the healthcheck is a subcommand of the binary),
# so no apt layer. No TLS or native libraries: glibc + libgcc from the base.
FROM ${RUNTIME_IMAGE} AS runtime
COPY --from=builder /usr/local/bin/sumpuzzles /usr/local/bin/sumpuzzles

# Numeric UID:GID (no passwd entry needed) so Kubernetes runAsNonRoot can verify it.
USER 10001:10001
ENV SUMPUZZLES_BIND=0.0.0.0:8080
EXPOSE 8080

# The service drains on SIGTERM (/readyz turns 503, in-flight requests finish);
# give it ~35 s: `docker stop -t 40`, compose stop_grace_period, k8s grace period.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
    CMD ["/usr/local/bin/sumpuzzles", "healthcheck"]

ENTRYPOINT ["/usr/local/bin/sumpuzzles"]
CMD ["serve"]
