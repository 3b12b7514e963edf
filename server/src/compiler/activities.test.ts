import { describe, expect, it } from 'vitest';
import {
  detectPastimes,
  outdoorsAsked,
  pastimeKindOf,
  pastimeKindsAsked,
  pastimeOutdoors,
  pastimePhrase,
  pastimeSubjectOf,
} from './activities.js';

const names = (sentence: string) => detectPastimes(sentence).map((p) => `${p.kind}:${p.name}`);

describe('detectPastimes', () => {
  it('reads the pastimes a speaker says they do, by kind', () => {
    expect(names("I'm off to go swimming with the kids.")).toEqual(['hobby:swimming']);
    expect(names('I had a quiet weekend after we went camping with my fam.')).toEqual(['hobby:camping']);
    expect(names('I just signed up for a pottery class yesterday.')).toEqual(['hobby:pottery']);
    expect(names('We love painting together lately.')).toEqual(['hobby:painting']);
    expect(names('I play basketball every Sunday.')).toEqual(['sport:basketball']);
    expect(names("I've done weight training so far too, and circuit training on Mondays.")).toEqual([
      'sport:weightlifting',
      'sport:circuit training',
    ]);
    expect(names('My kids and I went hiking in the mountains.')).toEqual(['hobby:hiking']);
    expect(names('Yeah, last weekend I had a picnic with some friends from church.')).toEqual(['hobby:picnics']);
  });

  it('reads every item of a list, words that name other things too when they are listed', () => {
    expect(
      names("So I'm carving out some me-time each day - running, reading, or playing my violin - which refreshes me!"),
    ).toEqual(['hobby:reading', 'hobby:running', 'instrument:violin']);
  });

  it('reads pastimes said as phrases, and a word after "besides"', () => {
    expect(names('Yeah! Besides writing, I also enjoy reading, watching movies, and exploring nature.')).toEqual([
      'hobby:writing',
      'hobby:reading',
      'hobby:watching movies',
      'hobby:exploring nature',
    ]);
    expect(names('Writing and hanging with friends! That way I can express myself.')).toEqual([
      'hobby:hanging out with friends',
    ]);
  });

  it('needs a word of doing for a word that names other things as often', () => {
    expect(names("I'm running late, sorry!")).toEqual([]);
    expect(names('I was reading your message on the train.')).toEqual([]);
    expect(names('I love reading before bed.')).toEqual(['hobby:reading']);
    // A task, not a pastime (a coding agent's user).
    expect(names("I've been running the tests all morning.")).toEqual([]);
    expect(names("We've been running into timeouts on the staging server.")).toEqual([]);
    expect(names("I've been reading the logs and writing a script to parse them.")).toEqual([]);
    expect(names("I've been running farther to de-stress.")).toEqual(['hobby:running']);
  });

  it("leaves out someone else's pastime, a negation and a question", () => {
    expect(names('I love your painting!')).toEqual([]);
    expect(names('My brother plays guitar in a band.')).toEqual([]);
    expect(names("I don't like swimming at all.")).toEqual([]);
    expect(names('Do you want to go camping with us?')).toEqual([]);
    // No first person: not the speaker's.
    expect(names('That pottery is gorgeous.')).toEqual([]);
  });

  it('leaves out what the speaker has not done yet, saw someone do, owns or goes to (LoCoMo)', () => {
    expect(names("I haven't done pottery yet, but I'm game for trying new art.")).toEqual([]);
    expect(names("I've never been skiing and we hadn't hiked before.")).toEqual([]);
    expect(names('I saw someone drawing on the ground the other day and it made me so happy.')).toEqual([]);
    expect(names('I watched people dancing in the square.')).toEqual([]);
    expect(names("I've got some other stuff with sentimental value, like my hand-painted bowl.")).toEqual([]);
    expect(names('By the way, I went to a poetry reading last Fri - it was really powerful!')).toEqual([]);
    expect(names('I have a painting in my room to remind me to stay true.')).toEqual([]);
    expect(names('This is my prized possession, a basketball signed by my favorite player.')).toEqual([]);
    expect(names('Just last week, I found a violin concert that we all enjoyed.')).toEqual([]);
    expect(names('Wow! I hope I can hear you play the violin some day.')).toEqual([]);
    expect(names("Running a business isn't easy, but I'm determined to make it work.")).toEqual([]);
    expect(names('Yeah, starting and running my own biz has had its ups and downs.')).toEqual([]);
    expect(names("I'm running the store alone this week.")).toEqual([]);
    // ... and still reads what they do.
    expect(names('I love painting and drawing, they have helped me express my feelings.')).toEqual([
      'hobby:painting',
      'hobby:drawing',
    ]);
    expect(names('I write poetry every night.')).toEqual(['hobby:writing']);
    expect(names('I made a painting too!')).toEqual(['hobby:painting']);
    expect(names('I took violin lessons for a year.')).toEqual(['instrument:violin']);
  });
});

describe('pastime memories and the questions that ask for them', () => {
  it('names the kind in the memory, and reads it back', () => {
    const hobby = pastimePhrase('Melanie', { kind: 'hobby', name: 'pottery' });
    expect(hobby).toBe("Melanie's hobbies and activities include pottery");
    expect(pastimeKindOf(hobby)).toBe('hobby');
    const instrument = pastimePhrase('Melanie', { kind: 'instrument', name: 'violin' });
    expect(instrument).toBe('Melanie plays the violin (a musical instrument)');
    expect(pastimeKindOf(instrument)).toBe('instrument');
    expect(pastimeKindOf('Melanie likes pottery')).toBeNull();
    expect(pastimeSubjectOf(hobby)).toBe('Melanie');
    expect(pastimeSubjectOf(instrument)).toBe('Melanie');
    expect(pastimeSubjectOf('Melanie likes pottery')).toBeNull();
  });

  it('asks for the list by the kind in the plural only', () => {
    expect([...pastimeKindsAsked('What activities does Melanie partake in?')].sort()).toEqual(['hobby', 'sport']);
    expect([...pastimeKindsAsked('What instruments does Melanie play?')]).toEqual(['instrument']);
    expect([...pastimeKindsAsked('What does Jon do for fun?')].sort()).toEqual(['hobby', 'sport']);
    expect([...pastimeKindsAsked('What kind of interests do Joanna and Nate share?')].sort()).toEqual([
      'hobby',
      'sport',
    ]);
    expect([...pastimeKindsAsked('What exercises has John done?')].sort()).toEqual(['hobby', 'sport']);
    expect([...pastimeKindsAsked('What martial arts has John done?')]).toEqual(['sport']);
    expect([...pastimeKindsAsked('What board games has Nate played?')]).toEqual(['hobby']);
    // One thing said once: the turn answers it.
    expect(pastimeKindsAsked('What activity did Maria and her mom do together in May 2023?').size).toBe(0);
  });

  it('tells the pastimes done outdoors from the others, for a question that asks for those', () => {
    expect(outdoorsAsked('What outdoor activities does John enjoy?')).toBe(true);
    expect(outdoorsAsked('What does Maria do outdoors?')).toBe(true);
    expect(outdoorsAsked('What activities does John enjoy?')).toBe(false);
    expect(pastimeOutdoors(pastimePhrase('John', { kind: 'sport', name: 'surfing' }))).toBe(true);
    expect(pastimeOutdoors(pastimePhrase('John', { kind: 'hobby', name: 'hiking' }))).toBe(true);
    expect(pastimeOutdoors(pastimePhrase('John', { kind: 'sport', name: 'basketball' }))).toBe(false);
    expect(pastimeOutdoors(pastimePhrase('John', { kind: 'hobby', name: 'yoga' }))).toBe(false);
    expect(pastimeOutdoors('John likes hiking')).toBe(false);
  });
});
