import { describe, expect, it } from 'vitest';
import { answerTypeOf, answeredBySeveral, holdsAnswer } from './answer-type.js';

describe('answerTypeOf', () => {
  it('reads the answer type from the form of the question', () => {
    expect(answerTypeOf('When did Caroline go to the LGBTQ support group?')).toBe('time');
    expect(answerTypeOf('What year did John start surfing?')).toBe('time');
    expect(answerTypeOf('Where did Caroline move from 4 years ago?')).toBe('place');
    expect(answerTypeOf('Which city have both Jean and John visited?')).toBe('place');
    expect(answerTypeOf('Who supports Caroline when she has a negative experience?')).toBe('person');
    expect(answerTypeOf('How many children does Melanie have?')).toBe('number');
  });

  it('gives none for questions whose form does not say', () => {
    expect(answerTypeOf('What did Melanie paint recently?')).toBeNull();
    expect(answerTypeOf('Would Caroline pursue writing as a career option?')).toBeNull();
    expect(answerTypeOf('How did Jon feel about the launch?')).toBeNull();
  });
});

describe('answeredBySeveral', () => {
  it('reads a plural after what or which, how many and both as asking for several things', () => {
    expect(answeredBySeveral('What books has Tim read?')).toBe(true);
    expect(answeredBySeveral('Which US cities does John mention visiting to Tim?')).toBe(true);
    expect(answeredBySeveral('What types of pottery have Melanie and her kids made?')).toBe(true);
    expect(answeredBySeveral('How many children does Melanie have?')).toBe(true);
    expect(answeredBySeveral('What animal do both Nate and Joanna like?')).toBe(true);
  });

  it('reads a question asking what would or might be as answered by several turns', () => {
    expect(answeredBySeveral('Would Caroline pursue writing as a career option?')).toBe(true);
    expect(answeredBySeveral("What might John's political leaning be?")).toBe(true);
    expect(answeredBySeveral('Is Melanie likely to go camping again?')).toBe(true);
  });

  it('reads a verb ending in s as no plural', () => {
    expect(answeredBySeveral('What is Joanna allergic to?')).toBe(false);
    expect(answeredBySeveral('What does Melanie do to destress?')).toBe(false);
    expect(answeredBySeveral('What has Maria done to feel closer to her faith?')).toBe(false);
    expect(answeredBySeveral('Which glaze does Melanie like best on her pottery?')).toBe(false);
    expect(answeredBySeveral('What was the poetry reading that Caroline attended about?')).toBe(false);
  });
});

describe('holdsAnswer', () => {
  it('finds times and numbers', () => {
    expect(holdsAnswer('I went to a LGBTQ support group yesterday.', 'time', [])).toBe(true);
    expect(holdsAnswer('We moved there in May 2022.', 'time', [])).toBe(true);
    expect(holdsAnswer('It was so powerful.', 'time', [])).toBe(false);
    expect(holdsAnswer('We have three kids now.', 'number', [])).toBe(true);
    expect(holdsAnswer('I ran 10 miles.', 'number', [])).toBe(true);
    expect(holdsAnswer('The kids loved it.', 'number', [])).toBe(false);
  });

  it('finds a place after a place cue, and no name the question already holds', () => {
    expect(holdsAnswer('Took a short trip last week to Rome to clear my mind.', 'place', ['Jon'])).toBe(true);
    expect(holdsAnswer('A gift from my grandma in my home country, Sweden.', 'place', [])).toBe(false);
    expect(holdsAnswer('Rome was great.', 'place', [])).toBe(false);
    expect(holdsAnswer('I talked to Caroline about it.', 'place', ['Caroline'])).toBe(false);
  });

  it('finds people by name or relation, not the people the question names', () => {
    expect(holdsAnswer('My friends and mentors are my rocks.', 'person', ['Caroline'])).toBe(true);
    expect(holdsAnswer('It was Matt Patterson, he is so talented!', 'person', ['Melanie'])).toBe(true);
    expect(holdsAnswer('Thanks, Caroline! It was great.', 'person', ['Caroline'])).toBe(false);
    expect(holdsAnswer('Sounds great. Really.', 'person', [])).toBe(false);
  });
});
