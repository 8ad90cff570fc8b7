import { parseArgs } from 'node:util';
import type { Database } from '#core/db/database.ts';
import { generateData } from './generate-data.ts';

export const GENERATE_USAGE = `  generate  add generated tenants for load tests and exit:
            --companies 3 --library-items 1000000 --materials 100000 [--database-url postgres://…]`;

export interface GenerateArgs {
  companies: number;
  libraryItems: number;
  materials: number;
  databaseUrl: string | undefined;
}

function count(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 20_000_000)
    throw new Error(`--${name} must be a whole number from 1`);
  return value;
}

export function parseGenerateArgs(argv: string[]): GenerateArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      companies: { type: 'string' },
      'library-items': { type: 'string' },
      materials: { type: 'string' },
      'database-url': { type: 'string' },
    },
  });
  return {
    companies: count(values.companies, 3, 'companies'),
    libraryItems: count(values['library-items'], 1_000_000, 'library-items'),
    materials: count(values.materials, 100_000, 'materials'),
    databaseUrl: values['database-url'],
  };
}

export async function runGenerate(database: Database, args: GenerateArgs): Promise<void> {
  const companies = await generateData(database, args);
  for (const company of companies) {
    process.stdout.write(
      `${company.subDomain} (company ${company.id}${company.reused ? ', kept' : ''}): sign in as ${company.username}\n`,
    );
  }
}
