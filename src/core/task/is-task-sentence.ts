import { TASK_PATTERNS } from '../../locales/locale-table.js';

/**
 * Does this sentence state a goal, request, constraint, parameter or deliverable? A question counts only when it asks
 * for work ("Can you fix the login page?"); one that asks for information ("What database did we pick?", "Can you
 * explain closures?") sets no task. A pack's knowledge question vetoes that pack's request questions. The patterns
 * are the locale packs' (`task`).
 */
export function isTaskSentence(sentence: string): boolean {
  const text = sentence.replace(/[’`]/g, "'").trim();
  if (/[?？]\s*$/.test(text)) {
    return TASK_PATTERNS.some(
      (task) =>
        task.requestQuestions.some((pattern) => pattern.test(text)) && !(task.knowledgeQuestion?.test(text) ?? false),
    );
  }
  return TASK_PATTERNS.some((task) => task.statements.some((pattern) => pattern.test(text)));
}
