import { describe, expect, it } from 'vitest';
import { withSaidDates } from './said-dates.js';

// A Thursday afternoon.
const said = new Date('2023-07-06T13:00:00Z');

describe('withSaidDates', () => {
  it.each([
    ['Yesterday I took the kids to the museum', 'Yesterday (2023-07-05) I took the kids to the museum'],
    ['We went camping two days ago!', 'We went camping two days ago (2023-07-04)!'],
    ['I went hiking last week and got lost', 'I went hiking last week (the week of 2023-06-26) and got lost'],
    ['We biked a lot last weekend', 'We biked a lot last weekend (the weekend of 2023-07-01)'],
    ['Last Friday I went to a concert', 'Last Friday (2023-06-30) I went to a concert'],
    // Past tense: the Friday before, not the one to come.
    ['On Friday I went to a concert', 'On Friday (2023-06-30) I went to a concert'],
    ['I painted that lake sunrise last year!', 'I painted that lake sunrise last year (2022)!'],
    ['I went to a pride parade in June', 'I went to a pride parade in June (2023-06)'],
    // About what is to come: forward, not a year back.
    ['I am going camping next month', 'I am going camping next month (2023-08)'],
    ['Tomorrow we are off to the beach', 'Tomorrow (2023-07-07) we are off to the beach'],
    // Getting ready for it is about what is to come too.
    [
      'I am training for the Berlin marathon in September.',
      'I am training for the Berlin marathon in September (2023-09).',
    ],
    ["Can't wait for the concert on Saturday!", "Can't wait for the concert on Saturday (2023-07-08)!"],
    // The month it was said in is this month's, whatever the tense: "the end of July" said on
    // 2023-07-06 is three weeks ahead, not a year back.
    ['I am leaving the company at the end of July.', 'I am leaving the company at the end of July (2023-07-31).'],
    ['We finally got the keys in July!', 'We finally got the keys in July (2023-07)!'],
    // A state that holds until a time names what is to come.
    ['Our budget is frozen until September.', 'Our budget is frozen until September (2023-09).'],
    ["I'm off work until August, so ask me anything.", "I'm off work until August (2023-08), so ask me anything."],
    // Something arranged for a day names the one to come: an appointment, a reminder, a date it "is on".
    [
      'Can you remind me that Leo has a dentist appointment on Friday at 3pm?',
      'Can you remind me that Leo has a dentist appointment on Friday at 3pm (2023-07-07)?',
    ],
    ['I have a job interview on Monday.', 'I have a job interview on Monday (2023-07-10).'],
    ['My birthday is on September 14.', 'My birthday is on September 14 (2023-09-14).'],
    // A month gone by this year, looked ahead to, is next year's; "last" keeps it this year's.
    [
      'I am training for the Berlin marathon in January.',
      'I am training for the Berlin marathon in January (2024-01).',
    ],
    [
      "My exam is on the 3rd of February, I can't wait!",
      "My exam is on the 3rd of February (2024-02-03), I can't wait!",
    ],
    ['I will never forget last January.', 'I will never forget last January (2023-01).'],
    // A goal names what is to come: was "(2023-01)", half a year back (probe, 2026-12-07).
    [
      'My goal is to finish the Berlin half marathon in January under 2 hours.',
      'My goal is to finish the Berlin half marathon in January (2024-01) under 2 hours.',
    ],
    // A date set or moved is one to come; a move to a place is not.
    ['Our launch date is March 15.', 'Our launch date is March 15 (2024-03-15).'],
    ['The launch got pushed to August 2.', 'The launch got pushed to August 2 (2023-08-02).'],
    ['We moved the party to January 10.', 'We moved the party to January 10 (2024-01-10).'],
    ['I moved to Berlin in January.', 'I moved to Berlin in January (2023-01).'],
    // ...and so does a present progressive that arranges a day: a wedding, a flight, a move.
    [
      'My sister Ana is getting married on September 12 in Porto.',
      'My sister Ana is getting married on September 12 (2023-09-12) in Porto.',
    ],
    ["We're flying to Lisbon in October.", "We're flying to Lisbon in October (2023-10)."],
    // ...but a past progressive is past.
    ['We were moving house in May, it was chaos.', 'We were moving house in May (2023-05), it was chaos.'],
    // ...and a weekday the phrase itself says is past stays past in a turn that looks ahead too.
    [
      'Last Friday at dance class I felt it. Your studio will be a go-to spot.',
      'Last Friday (2023-06-30) at dance class I felt it. Your studio will be a go-to spot.',
    ],
    // ...and a sentence that tells what was done is past in a turn whose next sentence looks ahead
    // ("On Friday, I got great news ... Next month, I'm off to Ireland", said on a Thursday).
    [
      "On Friday, I got great news - I'm in the study abroad program! Next month, I'm off to Ireland.",
      "On Friday (2023-06-30), I got great news - I'm in the study abroad program! Next month (2023-08), I'm off to Ireland.",
    ],
    // A day of the month named alone: this month's, or last month's when it is still to come this month.
    [
      'I met back up with my teammates on the 3rd after my trip.',
      'I met back up with my teammates on the 3rd (2023-07-03) after my trip.',
    ],
    ['I finally got my cast off on the 25th!', 'I finally got my cast off on the 25th (2023-06-25)!'],
    ['The party is on the 20th, come!', 'The party is on the 20th (2023-07-20), come!'],
    // "This weekend" is this week's, ahead (said on a Thursday) whatever the tense the turn reads as.
    [
      "I'm hiking with some buddies this weekend.",
      "I'm hiking with some buddies this weekend (the weekend of 2023-07-08).",
    ],
    // A time from now: "in two weeks", "in a few days".
    ['In two weeks I am flying to Paris.', 'In two weeks (the week of 2023-07-17) I am flying to Paris.'],
    ['My exam is in a few days, wish me luck!', 'My exam is in a few days (2023-07-09), wish me luck!'],
    // ...not a rank.
    [
      'We live on the 2nd floor, it was the 3rd time I moved.',
      'We live on the 2nd floor, it was the 3rd time I moved.',
    ],
    // ...one that was had is past.
    ['I had a dentist appointment on Monday.', 'I had a dentist appointment on Monday (2023-07-03).'],
    // ...a thing done until a time is past.
    ['I worked at the bakery until March.', 'I worked at the bakery until March (2023-03).'],
    // The date goes before the comma the phrase ends at, not after it.
    ['I have an interview next Tuesday, I am nervous.', 'I have an interview next Tuesday (2023-07-11), I am nervous.'],
    // The first time word names no date: the next sentence's does.
    [
      'Hey John, been a few days since we chatted. In the meantime, I donated my old car yesterday. How are you?',
      'Hey John, been a few days since we chatted. In the meantime, I donated my old car yesterday (2023-07-05). How are you?',
    ],
    // Each sentence's phrase is dated, not only the turn's first.
    [
      'Last Friday I went to a concert. Next month I am flying to Paris!',
      'Last Friday (2023-06-30) I went to a concert. Next month (2023-08) I am flying to Paris!',
    ],
  ])('%s', (text, expected) => {
    expect(withSaidDates(text, said)).toBe(expected);
  });

  it.each([
    'We moved here in May 2019', // its year is written
    // A weekday of a habit names no day.
    'I now go to the gym three times a week: Monday, Wednesday and Friday.',
    'Every Tuesday I play chess with my dad.',
    'I usually call my mom on Sunday.',
    'Today I feel great', // the line's own date
    'I love painting sunsets', // no time at all
    'We spent last summer, 2022, in Porto', // its year is written
  ])('leaves "%s" as it is', (text) => {
    expect(withSaidDates(text, said)).toBe(text);
  });

  // A renewal, an expiry or a start said in the present looks ahead ("renews on March 3" in January
  // was read March 3 of the year before).
  it.each([
    ["dev-co's plan renews on March 3", "dev-co's plan renews on March 3 (2026-03-03)"],
    ['Our code freeze starts December 15.', 'Our code freeze starts December 15 (2026-12-15).'],
    ['My passport expires in June.', 'My passport expires in June (2026-06).'],
  ])('dates "%s" ahead', (text, dated) => {
    expect(withSaidDates(text, new Date('2026-01-10T09:00:00Z'))).toBe(dated);
  });

  // A weekday that already passed this week: chrono reads the nearest one, which can be tomorrow; once
  // that was more than a day ahead it was taken a year back, as "in June" said in May is ("on Tuesday"
  // said on a Monday read 2023-05-07, a Sunday, for 2024-04-30).
  it.each([
    [
      '2024-05-06T09:00:00Z',
      'The release slipped again on Tuesday.',
      'The release slipped again on Tuesday (2024-04-30).',
    ],
    ['2024-05-06T09:00:00Z', 'We shipped it on Wednesday', 'We shipped it on Wednesday (2024-05-01)'],
    // "This weekend" said on a Monday of what was done: the one just past.
    [
      '2024-05-06T09:00:00Z',
      'We went to the beach this weekend!',
      'We went to the beach this weekend (the weekend of 2024-05-04)!',
    ],
    ['2024-05-06T23:30:00Z', 'On Tuesday I went to a concert', 'On Tuesday (2024-04-30) I went to a concert'],
    ['2024-05-10T09:00:00Z', 'On Tuesday I went to a concert', 'On Tuesday (2024-05-07) I went to a concert'],
    // Abbreviations chrono does not read itself.
    [
      '2023-07-20T13:00:00Z',
      'I just joined a new activist group last Tues. It is great.',
      'I just joined a new activist group last Tues (2023-07-18). It is great.',
    ],
    ['2023-07-20T13:00:00Z', 'We met on Weds for lunch', 'We met on Weds (2023-07-19) for lunch'],
    // Seasons (chrono reads none): last summer said in the summer is the year before's.
    [
      '2023-08-11T00:10:00Z',
      'Max and I had a blast on our camping trip last summer.',
      'Max and I had a blast on our camping trip last summer (the summer of 2022).',
    ],
    [
      '2023-12-26T15:35:00Z',
      'Organizing a basketball camp last summer was awesome!',
      'Organizing a basketball camp last summer (the summer of 2023) was awesome!',
    ],
    [
      '2023-08-17T13:50:00Z',
      'Wanna do a family outing this summer?',
      'Wanna do a family outing this summer (the summer of 2023)?',
    ],
    ['2023-10-02T09:00:00Z', 'We are moving next spring', 'We are moving next spring (the spring of 2024)'],
    ['2023-10-02T09:00:00Z', 'We will ski this winter', 'We will ski this winter (the winter of 2023-24)'],
    [
      '2024-01-15T09:00:00Z',
      'I broke my wrist skiing last winter',
      'I broke my wrist skiing last winter (the winter of 2022-23)',
    ],
    ['2024-01-15T09:00:00Z', 'I visited Kyoto this past fall', 'I visited Kyoto this past fall (the fall of 2023)'],
  ])('said %s: %s', (at, text, expected) => {
    expect(withSaidDates(text, new Date(at))).toBe(expected);
  });
});
