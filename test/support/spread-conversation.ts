/**
 * The conversation each session of the several-process Postgres test holds: a task, three answers to the questions
 * the replies ask (clarifications), then two durable facts. Exchange `j` of session `s` is written by process
 * `(s + j) % processes`, so every session's turns are spread over all the processes.
 */
export const EXCHANGES = [
  (s: number) => ({
    user: `I need you to build a billing service for tenant${s} in Go, with invoices and refunds.`,
    reply: 'Sure. Which database should the billing service use?',
  }),
  (s: number) => ({ user: `Use Postgres 15 for tenant${s}.`, reply: 'Got it. Which message queue should it use?' }),
  (s: number) => ({ user: `Use NATS for tenant${s}.`, reply: 'Noted. Which region should it run in?' }),
  (s: number) => ({ user: `Deploy it in eu-west-${s}.`, reply: 'Will do.' }),
  (s: number) => ({ user: `I prefer tabs over spaces in every repo of tenant${s}.`, reply: 'Tabs it is.' }),
  (s: number) => ({ user: `My name is Sam${s} and I work at Billing${s} Corp.`, reply: 'Nice to meet you.' }),
] as const;

export const scopeOf = (s: number) => ({ agentId: 'bot', userId: `user${s}`, threadId: `thread${s}` });
