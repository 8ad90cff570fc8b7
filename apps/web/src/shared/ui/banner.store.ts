/**
 * Banners and toasts (content.md §4, §9): a success or failure text that shows, optionally after
 * a delay, for a while. One store for the app; each outlet shows the banners of its scope (a
 * list's id, or GLOBAL_SCOPE for the toasts of the signed-in frame).
 */
export type BannerKind = 'success' | 'failure';

export interface Banner {
  id: number;
  scope: string;
  kind: BannerKind;
  text: string;
}

export interface ShowBanner {
  kind: BannerKind;
  text: string;
  /** Outlet scope; the signed-in frame's toasts by default. */
  scope?: string;
  /** How long it shows, in ms (default 5 s; 0 keeps it until closed). */
  life?: number;
  /** Wait before showing, in ms (the spec's toast after 500 ms). */
  delay?: number;
}

export const GLOBAL_SCOPE = 'global';
export const DEFAULT_BANNER_LIFE_MS = 5000;
/** content.md §9: toast after an action. */
export const TOAST_DELAY_MS = 500;

type Listener = () => void;

export class BannerStore {
  private banners: readonly Banner[] = [];
  private nextId = 1;
  private readonly listeners = new Set<Listener>();

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
    const life = banner.life ?? DEFAULT_BANNER_LIFE_MS;
    const add = () => {
      this.banners = [...this.banners, entry];
      this.emit();
      if (life > 0) setTimeout(() => this.dismiss(id), life);
    };
    if (banner.delay && banner.delay > 0) setTimeout(add, banner.delay);
    else add();
    return id;
  }

  dismiss(id: number): void {
    if (!this.banners.some((banner) => banner.id === id)) return;
    this.banners = this.banners.filter((banner) => banner.id !== id);
    this.emit();
  }

  /** Drops every banner of a scope (a list unmounting). */
  clear(scope: string): void {
    if (!this.banners.some((banner) => banner.scope === scope)) return;
    this.banners = this.banners.filter((banner) => banner.scope !== scope);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The app's banners. */
export const banners = new BannerStore();

/** Shorthand: `showBanner({ kind: 'success', text })`. */
export function showBanner(banner: ShowBanner): number {
  return banners.show(banner);
}
