#!/bin/sh
# Chromium for previews at the niceness it was started with (decision 0028). Run as root,
# Chromium raises its browser and GPU processes to -8 and its renderers to 0 or 5: above the
# requests that the job process's niceness should leave the CPU to. Without CAP_SYS_NICE it
# cannot raise them.
exec setpriv --bounding-set -sys_nice --inh-caps -sys_nice -- "$MESHPORT_CHROMIUM" "$@"
