import { SESSION_LOOKUP_TABLES } from '#core/auth/session.service.ts';
import { type Change, changeTouches } from '#core/db/change-feed.ts';

/** How long changes gather before one sweep re-checks the sockets they concern (one transaction sends several). */
export const SWEEP_DELAY_MS = 30;

/** Which live sockets to re-check: all, those of some accounts, those on some companies' hosts. */
export interface SweepScope {
  all: boolean;
  accounts: Set<number>;
  companies: Set<number>;
  /** A company may have gone: find each socket's company again by its host. */
  companiesChanged: boolean;
}

/**
 * Which of this process's live sockets a committed change may have taken access from: every
 * socket (an account changed, a write on the system path), an account's (its session ended),
 * those on one company's hosts (its memberships, roles or licences changed), or none (content).
 * What a socket may hear is what its session lookup grants, so the tables that lookup reads
 * are the ones that matter.
 */
export function socketsAffectedBy(change: Change): 'all' | { account: number } | number | null {
  if (change.kind === 'sessions') return change.accountId === undefined ? 'all' : { account: change.accountId };
  if (!changeTouches(change, SESSION_LOOKUP_TABLES)) return null;
  if (change.kind === 'all') return 'all';
  // An account is every company's: its change may end access on any company's host.
  if (change.table === 'accounts') return 'all';
  return change.companyId;
}

/** Whether the change may have removed or renamed a company, which sockets name by host. */
export function touchesCompanies(change: Change): boolean {
  return change.kind !== 'sessions' && (change.table === undefined || change.table === 'companies');
}

/**
 * Gathers what changes concern, then runs one sweep for them at a time: a change arriving
 * during a sweep is swept again after it, so none is missed.
 */
export class SweepQueue {
  private all = false;
  private readonly accounts = new Set<number>();
  private readonly companies = new Set<number>();
  private companiesChanged = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private startedCount = 0;

  constructor(
    private readonly sweep: (scope: SweepScope) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  add(change: Change): void {
    const scope = socketsAffectedBy(change);
    if (scope === null) return;
    if (scope === 'all') this.all = true;
    else if (typeof scope === 'number') this.companies.add(scope);
    else this.accounts.add(scope.account);
    if (touchesCompanies(change)) this.companiesChanged = true;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.running = this.running.then(() => this.runOnce()).catch(this.onError);
    }, SWEEP_DELAY_MS);
  }

  /** How many sweeps have started: a socket checked before the last one started may have been missed. */
  get started(): number {
    return this.startedCount;
  }

  /** Resolves once the sweeps asked for so far are done. */
  async idle(): Promise<void> {
    await this.running;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async runOnce(): Promise<void> {
    const scope: SweepScope = {
      all: this.all,
      accounts: new Set(this.accounts),
      companies: new Set(this.companies),
      companiesChanged: this.companiesChanged,
    };
    this.all = false;
    this.accounts.clear();
    this.companies.clear();
    this.companiesChanged = false;
    this.startedCount++;
    if (scope.all || scope.accounts.size > 0 || scope.companies.size > 0) await this.sweep(scope);
  }
}
