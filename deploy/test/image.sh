#!/usr/bin/env bash
# Builds the release image from deploy/Containerfile and starts each of its roles from the image's own file
# system, against PostgreSQL and Redis on 127.0.0.1 (CI's). Containers cannot run here (the sandbox refuses
# the rlimits a container runtime sets), so:
#   1. the base: `mmdebstrap` makes a minimal Debian bookworm (with Debian's tini) and the Node that CI runs on
#      is copied into /usr/local (with its npm), as the official node:24-slim image has it. Debian's own nodejs
#      package is 18.x in bookworm, below the engines' 22.13+ / 24 / 26+. When the machine's HTTPS goes through an
#      intercepting proxy (NODE_EXTRA_CA_CERTS set), that CA certificate goes into the base too, as a company's
#      base image would carry it: the build's `npm ci` needs it. Nothing else of the host goes in.
#   2. `buildah bud --isolation chroot` builds deploy/Containerfile unchanged, with BASE_IMAGE pointing at it.
#   3. `buildah from` + `buildah mount` give the image's file system (with /proc and /dev mounted in), and
#      deploy/test/image-roles.mjs runs each role there with chroot as the image's user (its OCI config:
#      entrypoint, user, working directory, environment): migrate twice, the operator commands, server,
#      rest-api, mcp-server, dashboard-api, SIGTERM drain, the embedded-database trial.
# Prints the build time and the image size; exits 1 on any failure. Each step is bounded (timeout): on an idle
# 2-core machine the whole run takes about 4 minutes (base 1, build 1.5-2, roles 1), 7-8 with other jobs running. Everything it made (mounts, containers,
# images, the scratch database) is removed on exit, failure included. KEEP_IMAGE=1 keeps the images.
#
#   bash deploy/test/image.sh                # PGUSER (default postgres) on 127.0.0.1:5432, Redis 127.0.0.1:6379
set -euo pipefail
cd "$(dirname "$0")/../.."
REPO=$PWD
T0=$(date +%s)
TAG="ci-$$"
IMAGE="localhost/propfolio:$TAG"
BASE="localhost/propfolio-base:$TAG"
PGUSER=${PGUSER:-postgres}
DB="propfolio_image_$$"
WORK=$(mktemp -d)
CTR=""
MNT=""
DB_MADE=""
export STORAGE_DRIVER=${STORAGE_DRIVER:-overlay}

say() { printf '\n== %s\n' "$*"; }

cleanup() {
  local status=$?
  set +e
  if [ -n "$MNT" ]; then
    umount "$MNT/proc" 2>/dev/null
    umount "$MNT/dev" 2>/dev/null
  fi
  [ -n "$CTR" ] && buildah rm "$CTR" >/dev/null 2>&1
  # Working containers a failed build leaves behind (those that were not there before this run).
  if [ -f "$WORK/containers-before" ]; then
    buildah containers -a -q --notruncate 2>/dev/null | grep -vxF -f "$WORK/containers-before" | xargs -r buildah rm >/dev/null 2>&1
  fi
  if [ -z "${KEEP_IMAGE:-}" ]; then
    buildah rmi -f "$IMAGE" "$BASE" >/dev/null 2>&1
    # The build stage's image and any other image this run left (those that were not there before it).
    if [ -f "$WORK/images-before" ]; then
      buildah images -a -q --no-trunc 2>/dev/null | grep -vxF -f "$WORK/images-before" | xargs -r buildah rmi -f >/dev/null 2>&1
    fi
  fi
  if [ -n "$DB_MADE" ]; then
    psql -q -h 127.0.0.1 -U "$PGUSER" -d postgres -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null ||
      echo "could not drop the scratch database $DB" >&2
  fi
  rm -rf "$WORK"
  echo "image test: cleaned up (exit $status)"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

need=()
command -v buildah >/dev/null || need+=(buildah)
command -v mmdebstrap >/dev/null || need+=(mmdebstrap)
command -v redis-cli >/dev/null || need+=(redis-tools)
if [ "${#need[@]}" -gt 0 ]; then
  say "apt-get install ${need[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

buildah images -a -q --no-trunc >"$WORK/images-before" 2>/dev/null || true
buildah containers -a -q --notruncate >"$WORK/containers-before" 2>/dev/null || true

NODE_BIN=$(command -v node)
NODE_BIN=$(readlink -f "$NODE_BIN")
NPM_DIR=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
# The Node copied into the base is the one CI runs on: it must be a line package.json's engines accept (22.13+, 24, 26+),
# not this machine's end-of-life Node 20.
node -e 'const [a,b]=process.versions.node.split(".").map(Number); if (!((a === 22 && b >= 13) || a === 24 || a >= 26)) { console.error("need Node 22.13+, 24 or 26+ (package.json engines) to copy into the base, have " + process.version); process.exit(1) }'

say "base: mmdebstrap bookworm (minbase + tini) + Node $(node -v) from $NODE_BIN"
t=$(date +%s)
timeout 300 mmdebstrap --quiet --variant=minbase --include=tini \
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/locale/*' \
  --customize-hook="copy-in $NODE_BIN /usr/local/bin" \
  --customize-hook='mkdir -p "$1/usr/local/lib/node_modules"' \
  --customize-hook="copy-in $NPM_DIR /usr/local/lib/node_modules" \
  --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"' \
  --customize-hook='ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
  bookworm "$WORK/base.tar" http://deb.debian.org/debian
CTR=$(buildah from scratch)
buildah add --quiet "$CTR" "$WORK/base.tar" / >/dev/null
buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --cmd node "$CTR"
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  buildah copy --quiet "$CTR" "$NODE_EXTRA_CA_CERTS" /etc/ssl/certs/build-egress-ca.pem >/dev/null
  buildah config --env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/build-egress-ca.pem "$CTR"
fi
buildah commit --quiet --rm "$CTR" "$BASE" >/dev/null
CTR=""
echo "base ready in $(($(date +%s) - t)) s"

say "build: buildah bud --isolation chroot -f deploy/Containerfile --build-arg BASE_IMAGE=$BASE"
t=$(date +%s)
timeout 900 buildah bud --isolation chroot --quiet -f deploy/Containerfile --ignorefile deploy/Containerfile.dockerignore \
  --build-arg BASE_IMAGE="$BASE" -t "$IMAGE" . >"$WORK/build.log" 2>&1 || {
  tail -n 60 "$WORK/build.log"
  echo "image build failed" >&2
  exit 1
}
BUILD_S=$(($(date +%s) - t))
SIZE=$(buildah images --format '{{.Size}}' "$IMAGE" | head -n 1)
BASE_SIZE=$(buildah images --format '{{.Size}}' "$BASE" | head -n 1)
echo "image built in ${BUILD_S} s: $IMAGE, ${SIZE} (base ${BASE_SIZE})"

say "roles: chroot into the image's file system against PostgreSQL and Redis on 127.0.0.1"
buildah inspect --type image "$IMAGE" | node -e '
  const image = JSON.parse(require("fs").readFileSync(0, "utf8"));
  process.stdout.write(JSON.stringify(image.OCIv1.config));' >"$WORK/config.json"
CTR=$(buildah from --pull-never "$IMAGE")
MNT=$(buildah mount "$CTR")
mount -t proc proc "$MNT/proc"
mount --bind /dev "$MNT/dev"
DB_MADE=1
psql -q -h 127.0.0.1 -U "$PGUSER" -d postgres -c "CREATE DATABASE $DB"
DATABASE_URL="postgresql://${PGUSER}@127.0.0.1:5432/$DB" REDIS_URL="redis://127.0.0.1:6379" \
  timeout 300 node deploy/test/image-roles.mjs "$MNT" "$WORK/config.json"

say "image test passed: build ${BUILD_S} s, image ${SIZE}, whole test $(($(date +%s) - T0)) s"
