/**
 * English lines that introduce, wrap or replace a list of facts ("Here are the key facts:", "No new facts."), and a
 * model's refusals or asides ("I'm sorry, but I can't…", "As an AI…").
 */
export const ENGLISH_FACT_PREAMBLES: readonly RegExp[] = [
  /^(here (are|is)|here'?s\b|below (are|is)|the following|sure[,!. ]|certainly[,!. ]|of course[,!. ]|okay[,!. ])/i,
  /^i (found|extracted|identified|have extracted|could not find)\b/i,
  /^(the )?((key|durable|extracted|new|important|relevant) )?facts? (are|were) (as follows|listed|below)\b/i,
  /^(the )?((key|durable|extracted|new|important|relevant) )?facts?( (about the user|from (this|the) (exchange|conversation|message)|extracted|found))?[.!]?$/i,
  /^(none|nothing|n\/a)( (found|to extract|extracted|here))?[.!]?$/i,
  /^(there (are|is|were) )?no (new |durable |key |relevant |important )?facts?\b/i,
  /^(i'?m sorry|i am sorry|sorry, (but )?i\b|as an ai\b|as a language model\b|i (cannot|can't|am unable to|'m unable to) (help|assist|comply|do that|provide))/i,
];
