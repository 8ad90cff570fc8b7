import {
  ActionIcon,
  Box,
  type BoxProps,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '@/lib/error-reporting.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { Icon, type IconName } from '../ui/icons.component.tsx';
import { type ArMode, detectArMode } from './ar-support.logic.ts';
import { clearFinishAttributes, finishAttributeEvents } from './finish-attributes.ts';
import { viewerKeyAction } from './viewer.logic.ts';
import type { ViewerEngine, ViewerSource } from './viewer-engine.ts';
import type { FinishChoice, FinishFrame } from './viewer-finishes.ts';
import { hasWebGl } from './webgl-surface.ts';

export type { ViewerSource } from './viewer-engine.ts';
export type { FinishChoice, FinishFrame, FinishMaps } from './viewer-finishes.ts';

/** The backdrop of the scene (DEFAULT_BACKGROUND of @meshport/scene, not imported: it would pull three in). */
export const BACKDROP = '#eceef1';

/** The viewer's height by breakpoint: a wide stage for models. */
export const STAGE_HEIGHT: BoxProps['h'] = { base: 300, sm: 400, lg: 480 };

type ViewerState = 'loading' | 'ready' | 'error' | 'unsupported';

export interface ViewerProps {
  source: ViewerSource;
  /** The accessible name, e.g. "3D view of Spider". */
  label: string;
  /** Shown while the 3D file loads, and when the browser has no WebGL. */
  poster?: string | null;
  /** The name of an AR file (USDZ); offers 'View in your space' on the sales platform where the device can. */
  arFileName?: string;
  /** The stage's height (by breakpoint). */
  height?: BoxProps['h'];
  /**
   * A model's finish per material slot (glTF material index → a library material's maps; null or left out: the
   * model's own). A change shows at once where the maps are decoded, else as they load.
   */
  finishes?: FinishChoice;
  /** After the frame that first showed a slot's chosen finish whole. */
  onFinishShown?: (frame: FinishFrame) => void;
}

/**
 * An interactive 3D view (three.js and the shared scene load only when it mounts): drag or the
 * arrow keys orbit, wheel, pinch or +/- zoom, R resets, W toggles wireframe. The root says what it
 * shows in `data-state` (loading, ready after the first frame, error, unsupported), and the
 * finishes chosen for a model's material slots in `data-finish-*` (finish-attributes.ts).
 */
export function Viewer({
  source,
  label,
  poster = null,
  arFileName,
  height = STAGE_HEIGHT,
  finishes,
  onFinishShown,
}: ViewerProps) {
  const { t } = useTranslation();
  const helpId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<ViewerEngine | null>(null);
  const finishesKey = JSON.stringify(finishes ?? {});
  const finishesRef = useRef(finishesKey);
  const onFinishShownRef = useRef(onFinishShown);
  const [supported] = useState(hasWebGl);
  const sourceKey = JSON.stringify(source);
  // The state belongs to the source it was reached for: on another record's source the viewer says
  // 'loading' in the same render, never the last record's 'ready' until its effect runs.
  const [reached, setReached] = useState<{ key: string; state: ViewerState }>({ key: sourceKey, state: 'loading' });
  const state: ViewerState = !supported ? 'unsupported' : reached.key === sourceKey ? reached.state : 'loading';
  const [attempt, setAttempt] = useState(0);
  const [wireframe, setWireframe] = useState(false);

  // In the commit of the render that chose it, so that the choice is drawn in the task of the click that made it.
  useLayoutEffect(() => {
    finishesRef.current = finishesKey;
    engineRef.current?.setFinishes(JSON.parse(finishesKey) as FinishChoice);
  }, [finishesKey]);
  useLayoutEffect(() => {
    onFinishShownRef.current = onFinishShown;
  });

  // `attempt` is the retry: a new attempt loads again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is a trigger, not read
  useEffect(() => {
    const container = containerRef.current;
    if (!container || !supported) return;
    const abort = new AbortController();
    const setState = (next: ViewerState) => setReached({ key: sourceKey, state: next });
    let engine: ViewerEngine | null = null;
    const fail = (error: unknown) => {
      if (abort.signal.aborted) return;
      reportError(error);
      setState('error');
    };
    setState('loading');
    setWireframe(false);
    import('./viewer-engine.ts')
      .then(async ({ ViewerEngine }) => {
        if (abort.signal.aborted) return;
        const root = () => (abort.signal.aborted ? null : rootRef.current);
        clearFinishAttributes(rootRef.current);
        const events = finishAttributeEvents(root, { onShown: onFinishShownRef, onError: reportError });
        engine = new ViewerEngine(
          container,
          () => {
            if (!abort.signal.aborted) setState('ready');
          },
          events,
        );
        engineRef.current = engine;
        engine.setFinishes(JSON.parse(finishesRef.current) as FinishChoice);
        await engine.load(JSON.parse(sourceKey) as ViewerSource, abort.signal);
      })
      .catch(fail);
    return () => {
      abort.abort();
      engine?.dispose();
      engineRef.current = null;
    };
  }, [supported, sourceKey, attempt]);

  const toggleWireframe = () => {
    const next = !wireframe;
    setWireframe(next);
    engineRef.current?.setWireframe(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const engine = engineRef.current;
    const action = state === 'ready' && !event.altKey && !event.ctrlKey && !event.metaKey && viewerKeyAction(event.key);
    if (!engine || !action) return;
    event.preventDefault();
    if (action.kind === 'orbit') engine.orbit(action.left, action.up);
    else if (action.kind === 'zoom') engine.zoom(action.factor);
    else if (action.kind === 'reset') engine.resetView();
    else toggleWireframe();
  };

  const tools: { icon: IconName; label: string; onClick: () => void; pressed?: boolean }[] = [
    { icon: 'zoomIn', label: t('viewer.zoomIn'), onClick: () => engineRef.current?.zoom(1.25) },
    { icon: 'zoomOut', label: t('viewer.zoomOut'), onClick: () => engineRef.current?.zoom(0.8) },
    { icon: 'focus', label: t('viewer.reset'), onClick: () => engineRef.current?.resetView() },
    { icon: 'wireframe', label: t('viewer.wireframe'), onClick: toggleWireframe, pressed: wireframe },
  ];

  return (
    <Stack ref={rootRef} gap="xs" data-viewer="" data-state={state} data-wireframe={wireframe ? 'on' : 'off'}>
      <Box
        pos="relative"
        w="100%"
        h={height}
        style={{
          overflow: 'hidden',
          background: BACKDROP,
          borderRadius: 'var(--mantine-radius-md)',
        }}
      >
        {state === 'unsupported' ? (
          <Unsupported poster={poster} label={label} />
        ) : (
          <Box
            ref={containerRef}
            pos="absolute"
            inset={0}
            tabIndex={0}
            role="application"
            aria-roledescription={t('viewer.roleDescription')}
            aria-label={label}
            aria-describedby={helpId}
            aria-busy={state === 'loading'}
            onKeyDown={onKeyDown}
            style={{ cursor: state === 'ready' ? 'grab' : undefined, outlineOffset: -3 }}
          />
        )}
        {state === 'loading' && <Loading poster={poster} />}
        {state === 'error' && <LoadError onRetry={() => setAttempt((value) => value + 1)} />}
        {state === 'ready' && (
          <ActionIcon.Group
            pos="absolute"
            top={12}
            right={12}
            style={{ boxShadow: 'var(--mantine-shadow-xs)' }}
            data-viewer-toolbar=""
          >
            {tools.map((tool) => (
              <Tooltip key={tool.icon} label={tool.label} withinPortal>
                <ActionIcon
                  variant={tool.pressed ? 'filled' : 'default'}
                  size="lg"
                  aria-label={tool.label}
                  aria-pressed={tool.pressed}
                  onClick={tool.onClick}
                >
                  <Icon name={tool.icon} size={18} />
                </ActionIcon>
              </Tooltip>
            ))}
          </ActionIcon.Group>
        )}
        {arFileName !== undefined && source.kind === 'glb' && state === 'ready' && (
          <Box pos="absolute" bottom={12} right={12} left={12}>
            <ArButton engineRef={engineRef} fileName={arFileName} poster={poster} />
          </Box>
        )}
      </Box>
      <Group justify="space-between" gap="sm" wrap="wrap">
        {state !== 'unsupported' && (
          <Group gap={6} c="dimmed" wrap="nowrap">
            <Icon name="keyboard" size={16} />
            <Text id={helpId} size="xs" c="dimmed">
              {t('viewer.help')}
            </Text>
          </Group>
        )}
      </Group>
    </Stack>
  );
}

function Loading({ poster }: { poster: string | null }) {
  const { t } = useTranslation();
  return (
    <Box pos="absolute" inset={0} style={{ background: BACKDROP }}>
      {poster && <Image src={poster} alt="" h="100%" w="100%" fit="contain" style={{ opacity: 0.55 }} />}
      <Center pos="absolute" inset={0}>
        <Stack align="center" gap="xs" role="status">
          <Loader size="md" />
          <Text size="sm" fw={500}>
            {t('viewer.loading')}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center pos="absolute" inset={0} p="lg" style={{ background: BACKDROP }}>
      <Stack align="center" gap="sm" role="alert" maw={360} ta="center">
        <Box c="red.7">
          <Icon name="alert" size={36} />
        </Box>
        <Text fw={600}>{t('viewer.error.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('viewer.error.text')}
        </Text>
        <Button variant="default" leftSection={<Icon name="refresh" size={16} />} onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      </Stack>
    </Center>
  );
}

function Unsupported({ poster, label }: { poster: string | null; label: string }) {
  const { t } = useTranslation();
  return (
    <Box pos="absolute" inset={0}>
      {poster && <Image src={poster} alt={label} h="100%" w="100%" fit="contain" />}
      <Box pos="absolute" left={12} right={12} bottom={12}>
        <Group
          gap="sm"
          wrap="nowrap"
          p="sm"
          bg="white"
          style={{ borderRadius: 'var(--mantine-radius-md)', boxShadow: 'var(--mantine-shadow-sm)' }}
          role="note"
        >
          <Box c="dimmed">
            <Icon name="cube" size={28} />
          </Box>
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('viewer.unsupported.title')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('viewer.unsupported.text')}
            </Text>
          </Stack>
        </Group>
      </Box>
    </Box>
  );
}

/** 'View in your space': only on the sales platform, only where the device has AR. */
function ArButton({
  engineRef,
  fileName,
  poster,
}: {
  engineRef: { current: ViewerEngine | null };
  fileName: string;
  poster: string | null;
}) {
  const { t } = useTranslation();
  const { platform } = useTenant();
  const [mode, setMode] = useState<ArMode | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (platform !== 'customerportal') return;
    let current = true;
    void detectArMode().then((found) => {
      if (current) setMode(found);
    });
    return () => {
      current = false;
    };
  }, [platform]);

  if (platform !== 'customerportal' || mode === null) return null;

  const start = async () => {
    const engine = engineRef.current;
    if (!engine) return;
    setBusy(true);
    setFailed(false);
    try {
      const ar = await import('./viewer-ar.ts');
      if (mode === 'quick-look') {
        await ar.openQuickLook(engine, fileName, poster);
        setBusy(false);
      } else {
        await ar.startWebXr(engine, { hint: t('viewer.ar.hint'), exit: t('viewer.ar.exit') }, () => setBusy(false));
      }
    } catch (error) {
      reportError(error);
      setBusy(false);
      setFailed(true);
    }
  };

  return (
    <Group gap="sm" justify="flex-end">
      {failed && (
        <Text size="xs" c="red.8" bg="white" px="xs" py={4} role="alert" style={{ borderRadius: 4 }}>
          {t('viewer.ar.failed')}
        </Text>
      )}
      <Button
        leftSection={<Icon name="augmentedReality" size={18} />}
        loading={busy}
        onClick={() => void start()}
        style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
      >
        {t('viewer.ar.button')}
      </Button>
    </Group>
  );
}
