import { describe, expect, it } from 'vitest';
import { extractFacts } from './extract-facts.js';

const options = { maxFacts: 4 };

// Sentences written for the mechanisms, in wordings no rule was written against: a chatty clause without its
// subject, a comma that ends a clause, a durable state told as "I'm …", the course of a life told in the past.
describe('extractFacts on new wording (English)', () => {
  it.each([
    ['grew up near Porto, been in Lyon since 2019', ['User grew up near Porto', 'User has been in Lyon since 2019']],
    ['Starting at Airbus in March, on the avionics team', ['User is starting at Airbus in March']],
    ["I'm celiac so go easy on the bread suggestions", ['User is celiac']],
    ["I'm allergic to shellfish, in case it matters", ['User is allergic to shellfish']],
    ['We are a Django shop. Write me a view for the login page.', ["User's team is a Django shop"]],
    ['tbh I quit smoking in 2021', ['User quit smoking in 2021']],
    [
      "we dropped Jenkins for Buildkite, it's all Buildkite now",
      ["User's team dropped Jenkins for Buildkite", "User's team uses Buildkite"],
    ],
    ["I'm with Siemens as a field engineer", ['User is with Siemens as a field engineer']],
    ['my son Theo just started secondary school', ["User's son Theo just started secondary school"]],
  ])('%j', (message, facts) => {
    expect(extractFacts(message, options)).toEqual(facts);
  });

  it('keeps an imperative and a passing event out', () => {
    for (const message of [
      'Used the wrong branch, can you redo it?',
      'visited my aunt last weekend, it was lovely',
      "it's all good, thanks",
      'dont give me Windows instructions, just the Linux ones',
      'refactored the parser, now the tests pass',
    ])
      expect(extractFacts(message, options)).toEqual([]);
  });
});
