# Multi-stage build of the `sumpuzzles` HTTP service.
#   docker build -t sumpuzzles:latest .
#   docker run --rm -p 8080:8080 sumpuzzles:latest
# What enters the build context is decided by .dockerignore (an allow-list).

# Same Debian release as the runtime stage, so the glibc the binary links
# against is the one it runs with.
ARG RUST_VERSION=1.95
FROM rust:${RUST_VERSION}-slim-bookworm AS builder
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
WORKDIR /build

# 1) Dependencies only: build against stub sources so this layer is reused
#    until Cargo.toml or Cargo.lock change. Every target the manifest declares
#    explicitly ([lib], [[bin]], [[bench]], [[test]], [[example]]) gets a stub
#    file, because cargo refuses to load a manifest whose targets are missing.
COPY Cargo.toml Cargo.lock ./
RUN set -eu; \
    mkdir -p src; \
    echo 'fn main() {}' > src/main.rs; \
    : > src/lib.rs; \
    pkg="$(awk -F'"' '/^\[package\]/{p=1;next} /^\[/{p=0} p && /^name *=/{print $2; exit}' Cargo.toml)"; \
    awk -v pkg="$pkg" ' \
      function flush() { \
        if (kind == "") return; \
        if (path == "") { \
          if (kind == "lib") path = "src/lib.rs"; \
          else if (kind == "bin") path = (name == pkg ? "src/main.rs" : "src/bin/" name ".rs"); \
          else if (kind == "bench") path = "benches/" name ".rs"; \
          else if (kind == "test") path = "tests/" name ".rs"; \
          else if (kind == "example") path = "examples/" name ".rs"; \
        } \
        if (path != "") print path; \
        kind = ""; name = ""; path = ""; \
      } \
      /^\[lib\]/ { flush(); kind = "lib"; next } \
      /^\[\[(bin|bench|test|example)\]\]/ { flush(); kind = $0; gsub(/[][ ]/, "", kind); next } \
      /^\[/ { flush(); next } \
      kind != "" && /^name *=/ { split($0, a, "\""); name = a[2] } \
      kind != "" && /^path *=/ { split($0, a, "\""); path = a[2] } \
      END { flush() }' Cargo.toml \
    | while read -r f; do \
        [ -e "$f" ] && continue; \
        mkdir -p "$(dirname "$f")"; \
        echo 'fn main() {}' > "$f"; \
      done; \
    cargo build --release --locked --bin sumpuzzles; \
    rm -rf src

# 2) The real sources (src/, plus openapi/, corpus/, build.rs, README.md when
#    present, for include_str!). COPY keeps the files' own mtimes, which may be
#    older than the stub build: touch them so cargo rebuilds the crate.
COPY . .
RUN set -eu; \
    find src -type f -exec touch {} +; \
    if [ -f build.rs ]; then touch build.rs; fi; \
    cargo build --release --locked --bin sumpuzzles; \
    install -m 0755 target/release/sumpuzzles /usr/local/bin/sumpuzzles

# Runtime: no shell tools needed (the healthcheck is a subcommand of the binary),
# so no apt layer. No TLS or native libraries: glibc + libgcc from the base.
FROM debian:bookworm-slim AS runtime
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
