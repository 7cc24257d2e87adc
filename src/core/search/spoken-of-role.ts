const FIRST_PERSON =
  /(?:^|[^\p{L}'’])(?:i|me|my|mine|myself|i'm|i've|i'd|i'll)(?![\p{L}'’])|我|私|僕|俺|나는|내가|저는|제가/iu;
const SECOND_PERSON =
  /(?:^|[^\p{L}'’])(?:you|your|yours|yourself|you're|you've|you'd|you'll)(?![\p{L}'’])|你|您|あなた|당신|너는/iu;

/**
 * Whose words a message asks about, in a chat between a user and an assistant: "what did I cook?" is about the
 * user's own messages, "which book did you recommend?" about the assistant's; null when it names both or neither
 * ("which painters did you suggest I study?", "what does Nate like?").
 */
export function spokenOfRole(text: string): 'user' | 'assistant' | null {
  const first = FIRST_PERSON.test(text);
  const second = SECOND_PERSON.test(text);
  if (first === second) return null;
  return first ? 'user' : 'assistant';
}
