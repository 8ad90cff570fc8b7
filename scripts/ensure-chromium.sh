#!/usr/bin/env bash
# Debian's Chromium renders previews on the server and runs the browser tests; install it when missing.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
echo "installing Debian chromium for the browser tests"
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
chromium --version
