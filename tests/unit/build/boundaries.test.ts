import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The parts' boundaries (docs/architecture.md, "Boundaries") are ESLint rules, so `npm test`
 * fails on a wrong import. This checks the rules are there and bite: each forbidden import,
 * linted as if it were in that part, is an error; an allowed one is not.
 */

const eslint = new ESLint();

async function restrictedImports(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = value;\n`, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('import boundaries', () => {
  const cases: Array<[file: string, source: string, refused: boolean]> = [
    ['domain/writes/x.ts', "import { value } from '../../../seed/users';", true],
    ['domain/writes/x.ts', "import { value } from '../../../sw/api/http';", true],
    ['domain/writes/x.ts', "import { value } from '../../../server/app';", true],
    ['domain/writes/x.ts', "import { value } from '../../schema/user';", false],
    ['src/features/orders/x.ts', "import { value } from '../../../../sw/api/orders/order-months';", true],
    ['src/features/orders/x.ts', "import { value } from '../../../../server/app';", true],
    ['src/features/orders/x.ts', "import { value } from '../../../../domain/orders/transitions';", false],
    ['src/features/dashboards/x.ts', "import { value } from '@/features/orders/components/list/orders-list-config';", true],
    ['src/features/dashboards/shared/x.ts', "import { value } from '../../../orders/data/x';", true],
    ['src/features/dashboards/x.ts', "import { value } from '@/components/order-status-badge';", false],
    ['src/features/dashboards/x.ts', "import { value } from './shared/dashboard-tables';", false],
    ['seed/x.ts', "import { value } from '../../sw/api/http';", true],
    ['seed/x.ts', "import { value } from '../../src/lib/api-client';", true],
    ['sw/api/x.ts', "import { value } from '@/lib/api-client';", true],
    ['sw/api/x.ts', "import { value } from '../../../server/app';", true],
    ['server/x.ts', "import { value } from '../../sw/api/http';", true],
    ['server/x.ts', "import { value } from '../../domain/errors';", false],
  ];
  for (const [file, source, refused] of cases) {
    it(`${file}: ${source} is ${refused ? 'refused' : 'allowed'}`, async () => {
      const messages = await restrictedImports(file, source);
      if (refused) expect(messages.join('\n')).toMatch(/must not import/);
      else expect(messages).toEqual([]);
    });
  }
});
