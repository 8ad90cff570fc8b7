/**
 * Banners (content.md §4, §9): a success or failure text that shows, optionally after a delay,
 * for as long as its content needs. One store and one place for the app (issue 31): the frame's
 * banner region under the header shows every banner, stacked. A scope (a list's id, a screen's
 * name) only groups banners so that they can be cleared together when their screen goes.
 */
export type BannerKind = 'success' | 'failure';

/**
 * One button a banner may carry (Undo after a delete). `run` answers the text of its outcome
 * ('Restored successfully'); a rejection shows `failureText(error)` (the error's message by default).
 */
export interface BannerAction {
  label: string;
  run: () => Promise<string>;
  failureText?: (error: unknown) => string;
}

export interface Banner {
  id: number;
  scope: string;
  kind: BannerKind;
  text: string;
  action?: BannerAction;
  /** While the action runs: the banner stays and its button shows it is busy. */
  running?: boolean;
}

export interface ShowBanner {
  kind: BannerKind;
  text: string;
  /** Outlet scope; the signed-in frame's toasts by default. */
  scope?: string;
  /**
   * How long a success shows, in ms (default 5 s; 0 keeps it until closed). A failure always stays
   * until closed: the person has to read what went wrong.
   */
  life?: number;
  /** Wait before showing, in ms (the spec's toast after 500 ms). */
  delay?: number;
  /** A button in the banner; the banner then lives at least UNDO_BANNER_LIFE_MS. */
  action?: BannerAction;
}

export const GLOBAL_SCOPE = 'global';
export const DEFAULT_BANNER_LIFE_MS = 5000;
/** Spec: the toast after an action comes 500 ms later (content.md §9). */
export const TOAST_DELAY_MS = 500;
/** The 3 s that success banners stay after an action (administration.md §9, content.md §2 processor). */
export const SHORT_BANNER_LIFE_MS = 3000;
/** A banner with a button lives long enough for a person to reach it. */
export const UNDO_BANNER_LIFE_MS = 10_000;

type Listener = () => void;

export class BannerStore {
  private banners: readonly Banner[] = [];
  private nextId = 1;
  private readonly listeners = new Set<Listener>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  /** The life each shown banner counts down, restarted when a hold ends. */
  private readonly lives = new Map<number, number>();
  private readonly held = new Set<number>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): readonly Banner[] => this.banners;

  /** Shows a banner; answers its id. */
  show(banner: ShowBanner): number {
    const id = this.nextId++;
    const entry: Banner = { id, scope: banner.scope ?? GLOBAL_SCOPE, kind: banner.kind, text: banner.text };
    if (banner.action) entry.action = banner.action;
    const life = bannerLife(banner);
    const add = () => {
      this.banners = [...this.banners, entry];
      this.emit();
      this.expireAfter(id, life);
    };
    if (banner.delay && banner.delay > 0) this.timers.set(id, setTimeout(add, banner.delay));
    else add();
    return id;
  }

  /**
   * Runs the banner's action: the banner stays while it runs, then shows the outcome (success
   * text or the failure) without the button, for the default life.
   */
  async runAction(id: number): Promise<void> {
    const banner = this.banners.find((entry) => entry.id === id);
    if (!banner?.action || banner.running) return;
    const action = banner.action;
    this.stopTimer(id);
    this.replace(id, { ...banner, running: true });
    let outcome: Pick<Banner, 'kind' | 'text'>;
    try {
      outcome = { kind: 'success', text: await action.run() };
    } catch (error) {
      outcome = { kind: 'failure', text: action.failureText?.(error) ?? errorMessage(error) };
    }
    if (!this.banners.some((entry) => entry.id === id)) return;
    this.replace(id, { id, scope: banner.scope, ...outcome });
    this.expireAfter(id, bannerLife({ kind: outcome.kind }));
  }

  /**
   * Keeps a banner while the pointer is on it or the keyboard focus in it (WCAG 2.2.1): nobody
   * loses an Undo they are about to press. `release` gives it its whole life again.
   */
  hold(id: number): void {
    if (!this.banners.some((banner) => banner.id === id)) return;
    this.held.add(id);
    this.stopTimer(id);
  }

  release(id: number): void {
    if (!this.held.delete(id)) return;
    const banner = this.banners.find((entry) => entry.id === id);
    if (banner && !banner.running) this.expireAfter(id, this.lives.get(id) ?? 0);
  }

  dismiss(id: number): void {
    this.stopTimer(id);
    this.lives.delete(id);
    this.held.delete(id);
    if (!this.banners.some((banner) => banner.id === id)) return;
    this.banners = this.banners.filter((banner) => banner.id !== id);
    this.emit();
  }

  /** Drops every banner of a scope (a list unmounting). */
  clear(scope: string): void {
    if (!this.banners.some((banner) => banner.scope === scope)) return;
    for (const banner of this.banners) {
      if (banner.scope !== scope) continue;
      this.stopTimer(banner.id);
      this.lives.delete(banner.id);
      this.held.delete(banner.id);
    }
    this.banners = this.banners.filter((banner) => banner.scope !== scope);
    this.emit();
  }

  private expireAfter(id: number, life: number): void {
    this.stopTimer(id);
    this.lives.set(id, life);
    if (life > 0 && !this.held.has(id))
      this.timers.set(
        id,
        setTimeout(() => this.dismiss(id), life),
      );
  }

  private stopTimer(id: number): void {
    const timer = this.timers.get(id);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.timers.delete(id);
  }

  private replace(id: number, next: Banner): void {
    this.banners = this.banners.map((banner) => (banner.id === id ? next : banner));
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/**
 * How long a banner shows: a failure until closed, one with a button (Undo) at least
 * UNDO_BANNER_LIFE_MS, a success its requested life (DEFAULT_BANNER_LIFE_MS by default).
 */
export function bannerLife(banner: Pick<ShowBanner, 'kind' | 'life' | 'action'>): number {
  if (banner.kind === 'failure') return 0;
  const requested = banner.life ?? DEFAULT_BANNER_LIFE_MS;
  return banner.action && requested > 0 ? Math.max(requested, UNDO_BANNER_LIFE_MS) : requested;
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : String(error);
}

/** The app's banners. */
export const banners = new BannerStore();

/** Shorthand: `showBanner({ kind: 'success', text })`. */
export function showBanner(banner: ShowBanner): number {
  return banners.show(banner);
}
