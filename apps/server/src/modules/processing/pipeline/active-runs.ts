import type { ProcessingSubjectKind } from '@meshport/contract';

/**
 * The runs working in this process, so that a cancel answered here stops the converter at
 * once; a run in another process stops at its next step (its writes are refused).
 */
export class ActiveRuns {
  private readonly runs = new Map<string, AbortController>();

  private key(kind: ProcessingSubjectKind, companyId: number, id: number) {
    return `${kind}:${companyId}:${id}`;
  }

  start(kind: ProcessingSubjectKind, companyId: number, id: number, signal: AbortSignal): AbortController {
    const controller = new AbortController();
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
    this.runs.get(this.key(kind, companyId, id))?.abort();
    this.runs.set(this.key(kind, companyId, id), controller);
    return controller;
  }

  end(kind: ProcessingSubjectKind, companyId: number, id: number, controller: AbortController): void {
    if (this.runs.get(this.key(kind, companyId, id)) === controller) this.runs.delete(this.key(kind, companyId, id));
  }

  abort(kind: ProcessingSubjectKind, companyId: number, id: number): void {
    this.runs.get(this.key(kind, companyId, id))?.abort(new Error('cancelled'));
  }
}
