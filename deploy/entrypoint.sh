#!/bin/sh
# The image's entrypoint (deploy/Containerfile): the first argument names the role; the rest go to it.
#   server          every front door on one port: /, /api/v1, /mcp, /app/api (the default)
#   rest-api        the REST front door alone (/api/v1, /api/docs)
#   mcp-server      the MCP front door alone (/mcp)
#   dashboard-api   the web dashboard's API alone (/app/api)
#   migrate         apply pending migrations and import the catalog, then exit 0 (idempotent; on PostgreSQL
#                   an advisory lock lets it run beside serving instances)
#   keys | users | fx   the operator commands (e.g. `keys create --user alice`, `users list`, `fx import f.csv`)
# Any other first argument that is a command in the image runs as is (e.g. `sh`); otherwise usage, exit 2.
# Every role is exec'd, so the signal tini forwards (SIGTERM) reaches Node, whose handler drains and exits 0.
set -eu
ROLES="server rest-api mcp-server dashboard-api migrate keys users fx"
APP_DIR="${APP_DIR:-/app}"

usage() {
  echo "usage: <image> [ROLE] [ARGS...]"
  echo "roles: $ROLES (default: server)"
}

role="${1:-server}"
[ "$#" -gt 0 ] && shift
case "$role" in
  server | rest-api | mcp-server | dashboard-api) exec node "$APP_DIR/apps/$role/dist/main.js" "$@" ;;
  migrate | keys | users | fx) exec node "$APP_DIR/cli/$role.js" "$@" ;;
  help | --help | -h)
    usage
    exit 0
    ;;
esac
if command -v "$role" >/dev/null 2>&1; then exec "$role" "$@"; fi
echo "unknown role: $role" >&2
usage >&2
exit 2
