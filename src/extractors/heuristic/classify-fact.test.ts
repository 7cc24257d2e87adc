import { describe, expect, it } from 'vitest';
import { classifyFact, type FactKind } from './classify-fact.js';

describe('classifyFact', () => {
  it.each<[string, FactKind]>([
    ['I prefer pnpm over npm', 'preference'],
    ['I really like tabs', 'preference'],
    ['I hate semicolons', 'preference'],
    ["I don't like default exports", 'preference'],
    ['I always write tests first', 'preference'],
    ['We never squash merges', 'preference'],
    ["I'd rather use Postgres", 'preference'],
    ['My favorite editor is Neovim', 'preference'],
    ['From now on, answer in French', 'preference'],
    ["Let's go with option C", 'decision'],
    ['We decided to use Postgres', 'decision'],
    ["We've settled on Fastify", 'decision'],
    ["I'll go with the second approach", 'decision'],
    ['Use option C', 'decision'],
    ['use pnpm, not npm', 'decision'],
    ['Never commit to main', 'constraint'],
    ["Don't ever push on Fridays", 'constraint'],
    ['The budget is $500 a month', 'constraint'],
    ['Deadline is March 1', 'constraint'],
    ['We must support IE11', 'constraint'],
    ["We can't use Docker", 'constraint'],
    ['The app needs to run offline', 'constraint'],
    ['Our code should never call eval', 'constraint'],
    ['The API should stay backwards compatible', 'constraint'],
    ["I'm on macOS", 'environment'],
    ['We are using Node 20', 'environment'],
    ['We deploy to Cloudflare Workers', 'environment'],
    ['I mostly code in Rust', 'environment'],
    ['Our stack is React and Vite', 'environment'],
    ['My laptop runs Arch Linux', 'environment'],
    ['The app is deployed on Fly.io', 'environment'],
    ['我偏好使用 pnpm', 'preference'],
    ['我比较喜欢函数式风格', 'preference'],
    ['我們一直用 tabs 縮排', 'preference'],
    ['以后都用中文回答', 'preference'],
    ['我们用 pnpm 管理依赖', 'environment'],
    ['我在 macOS 上开发', 'environment'],
    ['我们的服务部署在 Cloudflare Workers 上', 'environment'],
    ['我們的專案是用 Go 寫的', 'environment'],
    ['我们决定用 Postgres', 'decision'],
    ['就用方案C吧', 'decision'],
    ['我们的代码必须兼容 Node 18', 'constraint'],
    ['永远不要直接推到 main', 'constraint'],
    ['预算是每月 500 美元', 'constraint'],
    ['私はTypeScriptが好きです', 'preference'],
    ['タブよりスペース派です', 'preference'],
    ['うちのチームはpnpmを使っています', 'environment'],
    ['私たちのサーバーはAWSです', 'environment'],
    ['Postgresにしました', 'decision'],
    ['mainへの直接pushは禁止です', 'constraint'],
  ])('classifies %j as %s', (sentence, kind) => {
    expect(classifyFact(sentence)).toBe(kind);
  });

  it.each([
    'Help me migrate this app to Vite',
    "Don't touch the auth flow",
    'I need you to fix the build',
    'I can’t log in',
    'It must be tired',
    'I have to go',
    'We have to leave early',
    'I must admit it is nice',
    'I need to fix the build',
    'React is a UI library',
    'The weather is nice',
    '帮我把项目迁移到 Vite',
    '不要动登录流程',
    '我用了一下午才找到原因',
    '我的项目有问题',
    'このアプリをViteに移行してください',
    '想請你幫我把這段程式碼改成 Python 3，必須保持輸出格式不變',
  ])('finds no durable fact in %j', (sentence) => {
    expect(classifyFact(sentence)).toBeNull();
  });
});

describe('classifyFact on what people say about their lives', () => {
  it.each([
    ['I grew up in Lagos', 'personal'],
    ['I work as a paramedic', 'personal'],
    ["I'm allergic to latex", 'personal'],
    ['My grandma lives in Naples', 'personal'],
    ['I swim every Wednesday', 'schedule'],
    ["I'm studying for the GRE", 'goal'],
    ['We migrated to Deno', 'change'],
    ['我在一家律所上班', 'personal'],
    ['我每天晚上跑步', 'schedule'],
    ['我正在准备司法考试', 'goal'],
    ['我们改用 Bun', 'change'],
    ['名古屋で働いています', 'personal'],
    ['毎晩ストレッチをしています', 'schedule'],
    ['英検1級に合格するのが目標です', 'goal'],
    ['Deno に乗り換えました', 'change'],
    ['金曜日はデプロイしないルールです', 'rule'],
  ] as const)('%j is %s', (sentence, kind) => {
    expect(classifyFact(sentence)).toBe(kind);
  });

  it.each([
    'My mom says hi',
    'I moved the file to lib/',
    'I switched to the other tab',
    '我妈说你好',
    '我有个问题',
    '友達と会います',
  ])('%j is no fact', (sentence) => {
    expect(classifyFact(sentence)).toBeNull();
  });
});
