import { describe, expect, it } from 'vitest';
import { createMemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';

const FACTS: Record<string, string> = {
  school: '사용자는 주말마다 학교에서 한국어를 가르친다',
  python: '우리 프로젝트는 파이썬 3.12를 사용한다',
  cat: '사용자는 나비라는 고양이를 키운다',
  deploy: '서비스는 서울 리전의 쿠버네티스에 배포된다',
  coffee: '사용자는 아침에 커피를 마시지 않는다',
  // Distractors in the other scripts the bigram index holds.
  zh: '用户偏好使用 pnpm 管理依赖',
  ja: 'ユーザーはエディタにVimを使っています',
  en: 'User deploys the billing service with Terraform',
};

/** Questions worded as a user would: other particles, other word order, mixed with English. */
const QUERIES: Array<[string, string]> = [
  ['학교는 언제 가요?', 'school'],
  ['한국어 수업은 어디서 해요?', 'school'],
  ['프로젝트에서 어떤 파이썬 버전을 써요?', 'python'],
  ['고양이 이름이 뭐예요?', 'cat'],
  ['쿠버네티스 클러스터는 어느 리전이에요?', 'deploy'],
  ['서울에 배포했나요?', 'deploy'],
  ['커피를 좋아해요?', 'coffee'],
];

describe('Korean is indexed and found like Chinese and Japanese', () => {
  it('finds each fact from a question that attaches other particles to its words', async () => {
    const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
    const scope = { agentId: 'bot', userId: 'minji' };
    const ids = new Map<number, string>();
    for (const [name, text] of Object.entries(FACTS)) {
      const fact = await stack.facts.add(scope, text);
      ids.set(fact.id, name);
    }
    const found = [];
    for (const [question, expected] of QUERIES) {
      const hits = await stack.facts.search(scope, question, { limit: 3 });
      found.push([question, ids.get(hits[0]?.id ?? -1) ?? null, expected]);
    }
    expect(found.filter(([, top, expected]) => top !== expected)).toEqual([]);
    await stack.close();
  });
});
