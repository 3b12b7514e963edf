import { describe, expect, it } from 'vitest';
import { entityAnchors, entityKeysOf, listedEntityType, namesIn } from './entity-hops.js';

describe('namesIn', () => {
  it('takes capitalised runs and their words, without possessives', () => {
    expect(namesIn("Jon: we hiked the Grand Canyon and saw Max's new bowl")).toEqual(
      expect.arrayContaining(['Jon', 'Grand Canyon', 'Grand', 'Canyon', 'Max']),
    );
    expect(namesIn('no names here')).toEqual([]);
  });

  it('takes a title joined by "of the" whole, as learn names it, and its capitalised words', () => {
    const names = namesIn('Did Tim like the Lord of the Rings?');
    expect(names).toEqual(expect.arrayContaining(['Lord of the Rings', 'Lord', 'Rings']));
    expect(names).not.toContain('of');
    expect(entityKeysOf('Lord of the Rings')).toContain('entity:work|lord of the rings');
  });
});

describe('entityKeysOf', () => {
  it('gives the dedupe key of every entity type learn stores, lower-cased', () => {
    expect(entityKeysOf('Rome')).toContain('entity:place|rome');
    expect(entityKeysOf('Rome')).toContain('entity:person|rome');
  });
});

describe('entityAnchors', () => {
  it('lends each name the score of the best passage naming it, the question names the top score', () => {
    const keys = entityAnchors(
      [
        { id: 'e1', text: 'Went to Paris with Max', score: 5 },
        { id: 'e2', text: 'Max loves the park, and Paris too', score: 3 },
      ],
      ['Nate'],
      10,
      30,
    );
    expect(keys.get('entity:person|nate')).toEqual({ score: 10 });
    expect(keys.get('entity:place|paris')).toEqual({ score: 5, from: 'e1' });
    expect(keys.get('entity:person|max')).toEqual({ score: 5, from: 'e1' });
  });

  it('keeps the best-scored names when there are more than allowed', () => {
    const keys = entityAnchors(
      [
        { id: 'e1', text: 'Rome', score: 5 },
        { id: 'e2', text: 'Oslo', score: 1 },
      ],
      [],
      5,
      1,
    );
    expect(keys.has('entity:place|rome')).toBe(true);
    expect(keys.has('entity:place|oslo')).toBe(false);
  });
});

describe('listedEntityType', () => {
  it('reads the entity type a question asks for by its kind', () => {
    expect(listedEntityType('Which cities has Jon visited?')).toBe('place');
    expect(listedEntityType('Which geographical locations has Tim been to?')).toBe('place');
    expect(listedEntityType('What books has Melanie read?')).toBe('work');
    expect(listedEntityType('Which country was Tim visiting in the second week of November?')).toBe('place');
    expect(listedEntityType('What movie did Nate see last week?')).toBe('work');
    expect(listedEntityType('What video games does Nate play?')).toBe('work');
    expect(listedEntityType('What musical artists/bands has Melanie seen?')).toBe('person');
    expect(listedEntityType("What are the names of John's children?")).toBe('person');
    expect(listedEntityType('What pets does Nate have?')).toBe('pet');
  });

  it('reads none in a question that asks for no such thing', () => {
    expect(listedEntityType('What did Caroline research?')).toBeNull();
    expect(listedEntityType('How do I fix a terraform state lock?')).toBeNull();
    // "state" as a word of the question, not a kind asked for.
    expect(listedEntityType('Where is the terraform state file?')).toBeNull();
    // Words asked of people in general, not for a list of them.
    expect(listedEntityType('What passion connects Tim with people from all over the world?')).toBeNull();
    expect(listedEntityType('How does John feel about mentoring the younger players?')).toBeNull();
  });
});
