import { parseHost } from '@meshport/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#core/db/database.ts';
import { notFound } from '#core/http/http-error.ts';
import type { RequestTenant } from '#core/http/request-context.ts';
import { type CompanyRow, companies } from './company.table.ts';

const CACHE_MS = 5_000;

/**
 * Host name → company, once per request. Companies change rarely and every request needs
 * one, so each process keeps them for a few seconds.
 */
export class TenantResolver {
  private readonly cache = new Map<string, { company: CompanyRow | null; at: number }>();

  constructor(
    private readonly database: Database,
    private readonly baseDomain: string,
  ) {}

  async bySubDomain(subDomain: string): Promise<CompanyRow | null> {
    const key = subDomain.toLowerCase();
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.company;
    const [company] = await this.database.system
      .select()
      .from(companies)
      .where(and(eq(companies.subDomain, key), isNull(companies.deletedAt)))
      .limit(1);
    this.cache.set(key, { company: company ?? null, at: Date.now() });
    return company ?? null;
  }

  invalidate(): void {
    this.cache.clear();
  }

  async resolve(request: FastifyRequest): Promise<RequestTenant | null> {
    const { tenant, platform } = parseHost(request.hostname, this.baseDomain);
    if (!tenant) return null;
    const company = await this.bySubDomain(tenant);
    if (!company) throw notFound(`There is no company at ${tenant}.${this.baseDomain}.`);
    return { company, platform };
  }
}
