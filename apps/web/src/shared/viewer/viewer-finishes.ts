import { MATERIAL_MAP_KINDS, type MaterialMapKind } from '@meshport/contract';
import {
  applyFinish,
  createFinishMaterial,
  disposeFinishMaterial,
  finishMapOrder,
  type MaterialMaps,
  type MaterialSlots,
  resetFinish,
  type SlotTarget,
} from '@meshport/scene';
import * as THREE from 'three';
import { FinishTextures } from './finish-textures.ts';

/** A finish to show in a slot: a library material's maps (same-origin WebP addresses), as the slots list gives them. */
export interface FinishMaps {
  maps: Partial<Record<MaterialMapKind, string>>;
  /** Each map's size in bytes where known: the maps then load smallest first. */
  bytes?: Partial<Record<MaterialMapKind, number>>;
}

/** The finish of each slot (glTF material index); null or a slot left out: the model's own material. */
export type FinishChoice = Readonly<Record<number, FinishMaps | null>>;

/** The frame that first showed a slot's choice whole (every map drawn, or the own material back). */
export interface FinishFrame {
  slot: number;
  /** From the `setFinishes` call that chose it to the end of that frame's `render`, in milliseconds. */
  ms: number;
  /** When that frame was drawn (`performance.now()`). */
  drawnAt: number;
}

/** Whether a chosen finish is still loading maps. */
export type FinishState = 'loading' | 'ready';

export interface FinishEvents {
  onShown?: (frame: FinishFrame) => void;
  onState?: (state: FinishState) => void;
  /** A map that failed: the finish is shown without it. */
  onError?: (error: unknown) => void;
}

/** What the finishes need of the engine. */
export interface FinishHost {
  /** Draws a frame now, in this task (nothing is awaited between a choice and its frame). */
  drawNow(): void;
  /** Draws a frame soon. */
  requestRender(): void;
  /** The materials of these meshes changed. */
  swapped(targets: readonly SlotTarget[]): void;
}

/** One key per set of map addresses: the same finish in two slots shares one material. */
export const finishKey = (maps: FinishMaps['maps']) =>
  JSON.stringify(MATERIAL_MAP_KINDS.map((kind) => maps[kind] ?? null));

interface SlotState {
  /** The chosen finish's key; null for the own material. */
  key: string | null;
  /** Counts the choices, so that maps arriving for an earlier one are not shown. */
  choice: number;
  /** The finish material on show; null for the own material. */
  shown: THREE.MeshStandardMaterial | null;
  loading: boolean;
  /** When the choice was made (`performance.now()`), until a frame has shown it whole. */
  pendingSince: number | null;
}

/**
 * The finishes of a model's slots (issue 30): a choice whose maps are decoded is drawn in the same task; else its
 * maps load (smallest first when their sizes are known, `finishMapOrder`) and each is shown as it arrives, the
 * model keeping its look until the first. The materials of whole finishes are kept by their maps, with the
 * decoded maps (`FinishTextures`), so a finish shown before comes back at once.
 */
export class ViewerFinishes {
  private slots: MaterialSlots = new Map();
  private readonly states = new Map<number, SlotState>();
  private readonly materials = new Map<string, THREE.MeshStandardMaterial>();
  private choice: FinishChoice = {};
  /** Counts the choices of every slot, across models. */
  private choices = 0;
  private state: FinishState | null = null;

  constructor(
    private readonly host: FinishHost,
    private readonly events: FinishEvents = {},
    private readonly textures = new FinishTextures(),
  ) {}

  /** Chooses the finish of every slot; the slots of the model on show change at once where they can. */
  set(choice: FinishChoice): void {
    this.choice = choice;
    if (this.applyChoice()) this.host.drawNow();
  }

  /** The slots of a newly shown model: the current choice applies to them (drawn with the model's first frame). */
  attach(slots: MaterialSlots): void {
    this.detach();
    this.slots = slots;
    this.applyChoice();
  }

  /** Gives the model on show back its own materials and frees the finishes' (the decoded maps stay). */
  detach(): void {
    for (const [slot, state] of this.states) {
      const targets = this.slots.get(slot);
      if (targets) resetFinish(targets);
      if (state.shown && !this.isKept(state.shown)) disposeFinishMaterial(state.shown);
    }
    this.states.clear();
    for (const material of this.materials.values()) disposeFinishMaterial(material);
    this.materials.clear();
    this.slots = new Map();
    this.updateState();
  }

  /** After each drawn frame: reports the choices it showed whole. */
  frameDrawn(drawnAt: number): void {
    for (const [slot, state] of this.states) {
      if (state.pendingSince === null || state.loading) continue;
      const ms = drawnAt - state.pendingSince;
      state.pendingSince = null;
      this.events.onShown?.({ slot, ms, drawnAt });
    }
  }

  dispose(): void {
    this.detach();
    this.textures.dispose();
  }

  /** Applies the choice to every slot that changed; true when one changed without waiting for maps. */
  private applyChoice(): boolean {
    const now = performance.now();
    let changed = false;
    for (const [slot, targets] of this.slots) {
      const finish = this.choice[slot] ?? null;
      const key = finish ? finishKey(finish.maps) : null;
      if (key === null && !this.states.has(slot)) continue;
      const state = this.states.get(slot) ?? { key: null, choice: 0, shown: null, loading: false, pendingSince: null };
      this.states.set(slot, state);
      if (state.key === key) continue;
      this.choices += 1;
      state.key = key;
      state.choice = this.choices;
      state.pendingSince = now;
      state.loading = false;
      const whole = finish && key !== null ? this.wholeMaterial(key, finish) : null;
      if (!finish || whole) {
        this.show(slot, targets, whole);
        changed = true;
      } else {
        state.loading = true;
        void this.load(slot, finish, state.choice);
      }
    }
    this.updateState();
    return changed;
  }

  /**
   * The material of a finish whose maps are all decoded, made once (a kept material loses its place when one of
   * its maps is dropped, `trimTextures`); null while a map is missing.
   */
  private wholeMaterial(key: string, finish: FinishMaps): THREE.MeshStandardMaterial | null {
    const maps: MaterialMaps = {};
    for (const name of finishMapOrder(finish.maps)) {
      const url = finish.maps[name];
      // `get` also marks the map as just used.
      const texture = url === undefined ? undefined : this.textures.get(url);
      if (!texture) return null;
      maps[name] = texture;
    }
    let material = this.materials.get(key);
    if (!material) {
      material = createFinishMaterial(maps);
      this.materials.set(key, material);
    }
    return material;
  }

  /** Loads a finish's maps, showing each as it arrives, while the slot's choice is still `choice`. */
  private async load(slot: number, finish: FinishMaps, choice: number): Promise<void> {
    const current = () => this.states.get(slot)?.choice === choice && this.slots.has(slot);
    const maps: MaterialMaps = {};
    let failed = false;
    const order = finishMapOrder(finish.maps, finish.bytes);
    // Every request starts now, in order: the smallest (or the colour) is asked for first and arrives first.
    await Promise.all(
      order.map(async (name) => {
        const url = finish.maps[name];
        if (url === undefined) return;
        try {
          const texture = await this.textures.load(url);
          if (!current()) return;
          maps[name] = texture;
          // The last map shows the kept material below: a copy of it freed the moment after would free its shader.
          if (Object.keys(maps).length < order.length) this.showPartial(slot, maps);
        } catch (error) {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          failed = true;
          this.events.onError?.(error);
        }
      }),
    );
    const state = this.states.get(slot);
    const targets = this.slots.get(slot);
    if (!current() || !state || !targets) return;
    // A finish with a failed map stays as the maps that came (none: the slot keeps what it showed), is not kept,
    // and is not reported as shown; the next choice asks for it again.
    const whole = !failed && state.key !== null ? this.wholeMaterial(state.key, finish) : null;
    if (whole) this.show(slot, targets, whole);
    if (failed) {
      state.pendingSince = null;
      state.key = `failed ${state.key}`;
    }
    state.loading = false;
    this.trimTextures();
    this.updateState();
    this.host.requestRender();
  }

  private showPartial(slot: number, maps: MaterialMaps): void {
    const targets = this.slots.get(slot);
    if (!targets) return;
    this.show(slot, targets, createFinishMaterial({ ...maps }));
    this.host.requestRender();
  }

  /** Puts `material` (null: the own material) on the slot's meshes, freeing a replaced material nobody keeps. */
  private show(slot: number, targets: readonly SlotTarget[], material: THREE.MeshStandardMaterial | null): void {
    const state = this.states.get(slot);
    if (!state) return;
    const previous = state.shown;
    if (material) applyFinish(targets, material);
    else resetFinish(targets);
    state.shown = material;
    if (previous && previous !== material && !this.isKept(previous)) disposeFinishMaterial(previous);
    this.host.swapped(targets);
  }

  private isKept(material: THREE.MeshStandardMaterial): boolean {
    for (const kept of this.materials.values()) if (kept === material) return true;
    return false;
  }

  private texturesOf(material: THREE.MeshStandardMaterial): THREE.Texture[] {
    return Object.values(material).filter((value): value is THREE.Texture => value instanceof THREE.Texture);
  }

  /** Keeps the decoded maps within their budget; the kept materials of dropped maps go with them. */
  private trimTextures(): void {
    const onShow = new Set<THREE.Texture>();
    for (const state of this.states.values()) {
      if (state.shown) for (const texture of this.texturesOf(state.shown)) onShow.add(texture);
    }
    const dropped = new Set(this.textures.trim((texture) => onShow.has(texture)));
    if (dropped.size === 0) return;
    for (const [key, material] of this.materials) {
      if (!this.texturesOf(material).some((texture) => dropped.has(texture))) continue;
      this.materials.delete(key);
      disposeFinishMaterial(material);
    }
  }

  private updateState(): void {
    const loading = [...this.states.values()].some((state) => state.loading);
    const next: FinishState | null = loading ? 'loading' : this.states.size > 0 ? 'ready' : null;
    if (next === this.state) return;
    this.state = next;
    if (next) this.events.onState?.(next);
  }
}
