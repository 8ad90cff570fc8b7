#!/usr/bin/env bash
# Debian's nginx is the load balancer of the deploy tests (deploy/); install it when missing.
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then exit 0; fi
echo "installing Debian nginx for the deploy tests"
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx-light >/dev/null
/usr/sbin/nginx -v
