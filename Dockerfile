# Multi-stage build of the `sumpuzzles` HTTP service. Needs BuildKit (the default builder of
# Docker 23 and later; DOCKER_BUILDKIT=1 with Docker 18.09 to 20.10; Podman and Buildah too).
#   docker build -t sumpuzzles:latest .
#   docker run --rm -p 8080:8080 sumpuzzles:latest
# What enters the build context is decided by .dockerignore (an allow-list).
#
# The base images are build arguments. The defaults are the official images; where no
# registry is reachable, scripts/container-test.sh builds both from Debian packages
# (debootstrap) and passes their local tags.

# Same Debian release in both stages, so the glibc the binary links against is the one it
# runs with.
ARG BUILDER_IMAGE=rust:1.95-slim-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

FROM ${BUILDER_IMAGE} AS builder
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
WORKDIR /build
# Cargo.toml's release profile keeps line tables for profiling on a developer's machine; the
# image has no use for them, and the build is faster without.
ENV CARGO_PROFILE_RELEASE_DEBUG=false
COPY . .
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
