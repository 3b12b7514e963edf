#!/usr/bin/env bash
# Release smoke test (docs/decisions/deployment.md): packs the five public packages with
# `pnpm release:pack`, installs the tarballs with npm in an empty directory (as a non-root user when
# run as root, as the image does), then runs scripts/release-smoke.mjs there on each Node major given
# (default: 20 22 24). Node 20 is the machine's; other majors come from the npm registry's `node`
# package (`npx -y node@22`). The installed types are compiled once against a strict TS consumer.
#
#   scripts/release-smoke.sh [--no-build] [MAJOR...]      e.g. scripts/release-smoke.sh 22
#   HX_RELEASE_DIR=release scripts/release-smoke.sh 20     (tarballs packed already)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD=()
VERSIONS=()
for arg in "$@"; do
  case "$arg" in
    --no-build) BUILD=(--no-build) ;;
    *) VERSIONS+=("$arg") ;;
  esac
done
[ ${#VERSIONS[@]} -gt 0 ] || VERSIONS=(20 22 24)

WORK="$(mktemp -d /tmp/hx-release-smoke.XXXXXX)"
chmod 755 "$WORK"
trap 'rm -rf "$WORK"' EXIT
if [ -n "${HX_RELEASE_DIR:-}" ]; then
  # Tarballs packed (and checked) already, e.g. by CI's pack step.
  mkdir -p "$WORK/release" && cp "$HX_RELEASE_DIR"/*.tgz "$WORK/release/"
else
  npx -y tsx "$ROOT/scripts/release-pack.ts" --out "$WORK/release" "${BUILD[@]}"
fi

APP="$WORK/app"
mkdir -p "$APP"
cp "$ROOT/scripts/release-smoke.mjs" "$APP/smoke.mjs"
AS=()
if [ "$(id -u)" = 0 ]; then
  # As the image: the package installed and run by a user that owns nothing else.
  id hx-smoke >/dev/null 2>&1 || useradd --system --create-home --shell /usr/sbin/nologin hx-smoke
  chown -R hx-smoke "$WORK"
  AS=(runuser -u hx-smoke --)
fi
run() { (cd "$APP" && "${AS[@]}" env HOME="$WORK/home" npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false "$@"); }
mkdir -p "$WORK/home" && { [ ${#AS[@]} -eq 0 ] || chown hx-smoke "$WORK/home"; }

echo "=== npm install of the release tarballs in an empty directory ==="
run npm init -y >/dev/null
run npm pkg set type=module
run npm install "$WORK"/release/*.tgz
if grep -rq '"workspace:' "$APP"/node_modules/@hx-memory/*/package.json; then
  echo "a workspace: range reached the installed packages" >&2
  exit 1
fi

echo "=== the installed types, compiled by a strict TypeScript consumer ==="
cat > "$APP/types-check.ts" <<'TS'
import { Hx, HxError } from '@hx-memory/sdk';
import { contract } from '@hx-memory/contract';
import { createHxMcpServer } from '@hx-memory/mcp';
import { startServer, runMigrations } from '@hx-memory/server';
const hx: Hx = new Hx({ baseUrl: 'http://127.0.0.1:1', apiKey: 'hx_test_x' });
const err: typeof HxError = HxError;
void [hx, err, contract, createHxMcpServer, startServer, runMigrations];
TS
# As the invoking user: the repository's TypeScript and @types/node may sit where hx-smoke cannot read.
(cd "$APP" && node "$ROOT/node_modules/typescript/bin/tsc" --noEmit --strict --skipLibCheck --module nodenext \
  --moduleResolution nodenext --target es2022 --types node --typeRoots "$ROOT/node_modules/@types" types-check.ts)

for v in "${VERSIONS[@]}"; do
  echo "=== smoke on Node $v ==="
  if [ "$v" = "$(node -p 'process.versions.node.split(".")[0]')" ]; then
    NODE_BIN="$(command -v node)"
  else
    # The registry's `node` package brings that release's binary (the npx cache is root's: as root).
    NODE_BIN="$(npx -y "node@$v" -p process.execPath)"
  fi
  # A copy the smoke user can run (the npx cache lives in root's home).
  NODE_DIR="$WORK/node-$v"
  mkdir -p "$NODE_DIR"
  cp "$NODE_BIN" "$NODE_DIR/node"
  chmod 755 "$NODE_DIR" "$NODE_DIR/node"
  run env PATH="$NODE_DIR:$PATH" node smoke.mjs
done
echo "release smoke: ok on Node ${VERSIONS[*]}"
