import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { CURRENT_ENVIRONMENT, type PublicCompany, type TenantColors } from '@meshport/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '@/lib/api/api-client.ts';
import { TenantContext, type TenantState, type TenantStatus } from '@/lib/session/tenant.context.ts';
import { fetchPublicCompany } from './api/get-public-company.api.ts';
import { fetchServerConfig } from './api/get-server-config.api.ts';
import { BOOT_CONFIG, type BootOutcome, bootCompanyKey, bootOutcome, bootPromise } from './boot-calls.ts';
import { guessBaseDomain, readHost } from './host.logic.ts';
import { brandCssVariables, brandLightSchemeVariables, buildTheme, effectiveColors } from './tenant-theme.logic.ts';

/** Until GET /config answers (the server's default, 20 GiB); the server checks again anyway. */
const DEFAULT_UPLOAD_MAX_BYTES = 20 * 1024 ** 3;
const PENDING = { state: 'pending' } as const;

type Load<T> = BootOutcome<T>;

/**
 * One boot-time call, without a query library (the login route's budget): the host's data is
 * read once per page load; switching tenant or platform is a full navigation anyway. The first
 * screen starts from main.tsx's boot call under the same key (boot-calls.ts), made before React rendered.
 */
function useBootCall<T>(key: string | null, call: (signal: AbortSignal) => Promise<T>): Load<T> {
  const [load, setLoad] = useState<Load<T>>(() => (key === null ? undefined : bootOutcome<T>(key)) ?? PENDING);
  const callRef = useRef(call);
  callRef.current = call;
  // The key whose outcome the first render already holds: nothing to call for it.
  const heldKey = useRef(load.state === 'pending' ? null : key);
  useEffect(() => {
    if (key === null || key === heldKey.current) return;
    heldKey.current = null;
    const controller = new AbortController();
    setLoad(PENDING);
    (bootPromise<T>(key) ?? callRef.current(controller.signal)).then(
      (data) => {
        if (!controller.signal.aborted) setLoad({ state: 'done', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [key]);
  return load;
}

/**
 * Reads tenant and platform from the host, loads the tenant's public company record and drives
 * the Mantine theme and the colour variables from its colours (shell.md §1, §4).
 */
export function TenantProvider({ children }: { children: ReactNode }) {
  const config = useBootCall(BOOT_CONFIG, fetchServerConfig);
  const hostname = window.location.hostname;
  const baseDomain = config.state === 'done' ? config.data.base_domain : guessBaseDomain(hostname);
  const environment = config.state === 'done' ? config.data.environment : CURRENT_ENVIRONMENT;
  const uploadMaxBytes = config.state === 'done' ? config.data.upload_max_bytes : DEFAULT_UPLOAD_MAX_BYTES;
  const host = readHost(hostname, baseDomain);
  const companyKey = config.state === 'pending' || host.tenant === null ? null : host.tenant;
  const company = useBootCall(companyKey === null ? null : bootCompanyKey(companyKey), (signal) =>
    fetchPublicCompany(companyKey ?? '', signal),
  );

  let status: TenantStatus;
  if (config.state === 'pending') status = 'loading';
  else if (host.tenant === null) status = 'none';
  else if (company.state === 'pending') status = 'loading';
  else if (company.state === 'done') status = 'ready';
  else status = company.error instanceof ApiError && company.error.status === 404 ? 'not-found' : 'none';

  // A company read again after a save replaces the boot-time one without a loading state.
  const [fresh, setFresh] = useState<PublicCompany | null>(null);
  const [preview, setPreview] = useState<TenantColors | null>(null);
  const reloadCompany = useCallback(() => {
    if (companyKey === null) return;
    fetchPublicCompany(companyKey).then(setFresh, () => undefined);
  }, [companyKey]);
  const companyData = company.state === 'done' && status === 'ready' ? (fresh ?? company.data) : null;
  const colors = effectiveColors(preview ?? companyData?.colors ?? null, host.platform);
  const { tenant, hostPlatform, platform } = host;
  const primary = colors.primary_color;
  const accent = colors.primary_accent;

  const value = useMemo<TenantState>(
    () => ({
      baseDomain,
      tenant,
      hostPlatform,
      platform,
      status,
      company: companyData,
      colors: { primary_color: primary, primary_accent: accent },
      environment,
      uploadMaxBytes,
      previewColors: setPreview,
      reloadCompany,
    }),
    [
      baseDomain,
      tenant,
      hostPlatform,
      platform,
      status,
      companyData,
      primary,
      accent,
      environment,
      uploadMaxBytes,
      reloadCompany,
    ],
  );
  const theme = useMemo(() => buildTheme({ primary_color: primary, primary_accent: accent }), [primary, accent]);
  const resolver = useMemo<CSSVariablesResolver>(() => {
    const variables = brandCssVariables({ primary_color: primary, primary_accent: accent });
    const brandLight = brandLightSchemeVariables(primary);
    // Mantine's default 'dimmed' grey and error red are below 4.5:1 on white; use darker ones.
    return () => ({
      variables,
      light: {
        '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
        '--mantine-color-error': 'var(--mantine-color-red-9)',
        ...brandLight,
      },
      dark: {},
    });
  }, [primary, accent]);

  return (
    <TenantContext.Provider value={value}>
      <MantineProvider theme={theme} cssVariablesResolver={resolver} defaultColorScheme="light">
        {children}
      </MantineProvider>
    </TenantContext.Provider>
  );
}
