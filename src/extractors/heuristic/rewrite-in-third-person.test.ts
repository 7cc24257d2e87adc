import { describe, expect, it } from 'vitest';
import { rewriteInThirdPerson } from './rewrite-in-third-person.js';

describe('rewriteInThirdPerson', () => {
  it.each([
    ['I prefer pnpm.', 'User prefers pnpm'],
    ['I prefer pnpm over npm because it is faster', 'User prefers pnpm over npm because it is faster'],
    ['I really like tabs', 'User really likes tabs'],
    ['I always write tests first!', 'User always writes tests first'],
    ['I never push to main', 'User never pushes to main'],
    ['I use Node 20', 'User uses Node 20'],
    ['I mostly code in Rust', 'User mostly codes in Rust'],
    ['I deploy on Fridays', 'User deploys on Fridays'],
    ['I decided to use Postgres', 'User decided to use Postgres'],
    ['I chose option C', 'User chose option C'],
    ["I don't like default exports", "User doesn't like default exports"],
    ["I can't stand semicolons", "User can't stand semicolons"],
    ["I'm on macOS", 'User is on macOS'],
    ['I am based in Berlin', 'User is based in Berlin'],
    ["I've switched to Bun", 'User has switched to Bun'],
    ["I'd rather use yarn", 'User would rather use yarn'],
    ['We use pnpm', "User's team uses pnpm"],
    ["We're using Kubernetes", "User's team is using Kubernetes"],
    ['We decided to use Postgres', "User's team decided to use Postgres"],
    ['My editor is Neovim', "User's editor is Neovim"],
    ['Our stack is React and Vite', "User's stack is React and Vite"],
    ["Let's go with option C.", 'User decided to go with option C'],
    ['I keep my notes in Obsidian', 'User keeps their notes in Obsidian'],
    ['I prefer pnpm and Vite', 'User prefers pnpm and Vite'],
    ['我偏好使用 pnpm。', '用户偏好使用 pnpm'],
    ['我们的服务部署在 Cloudflare Workers 上', '用户的服务部署在 Cloudflare Workers 上'],
    ['我们用 pnpm 管理依赖', '用户的团队用 pnpm 管理依赖'],
    ['我偏好使用 pnpm 管理套件', '用戶偏好使用 pnpm 管理套件'],
    ['我們的專案是用 Go 寫的', '用戶的專案是用 Go 寫的'],
    ['我們用 pnpm', '用戶的團隊用 pnpm'],
    ['我们公司用 Vue 3 做后台', '用户的公司用 Vue 3 做后台'],
    ['私はTypeScriptが好きです。', 'ユーザーはTypeScriptが好きです'],
    ['うちのチームはpnpmを使っています', 'ユーザーのチームはpnpmを使っています'],
    ['私たちはAWSを使っています', 'ユーザーのチームはAWSを使っています'],
    ['私たちのサーバーはAWSです', 'ユーザーのサーバーはAWSです'],
  ])('rewrites %j', (sentence, fact) => {
    expect(rewriteInThirdPerson(sentence)).toBe(fact);
  });

  it.each([
    ["I'm on macOS and we deploy to Fly.io", "I'm on macOS and we deploy to Fly.io"],
    ['I want you to call me Sam', 'I want you to call me Sam'],
    ["I'm on Windows 11 and use PowerShell", "I'm on Windows 11 and use PowerShell"],
    ['I use pnpm but never use workspaces', 'I use pnpm but never use workspaces'],
    ['Never commit to main.', 'Never commit to main'],
    ['use pnpm, not npm', 'use pnpm, not npm'],
    ['The budget is $500', 'The budget is $500'],
    ['就用方案C吧。', '就用方案C吧'],
    ['TypeScriptを使っています', 'TypeScriptを使っています'],
  ])('keeps %j as it is when a rewrite is not reliable', (sentence, fact) => {
    expect(rewriteInThirdPerson(sentence)).toBe(fact);
  });
});
