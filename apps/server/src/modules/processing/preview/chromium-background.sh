#!/bin/sh
# Chromium for previews below the requests (decision 0028): lowered by MESHPORT_NICE_BY steps of
# niceness, and, run as root, without CAP_SYS_NICE. As root Chromium raises its browser and GPU
# processes to -8 and its renderers to 0 or 5: above the requests that background work should
# leave the CPU to. Without that ability it cannot raise them.
if [ "$MESHPORT_DROP_SYS_NICE" = 1 ]; then
  exec nice -n "${MESHPORT_NICE_BY:-0}" setpriv --bounding-set -sys_nice --inh-caps -sys_nice -- "$MESHPORT_CHROMIUM" "$@"
fi
exec nice -n "${MESHPORT_NICE_BY:-0}" "$MESHPORT_CHROMIUM" "$@"
