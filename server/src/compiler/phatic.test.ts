import { describe, expect, it } from 'vitest';
import { saysNothing } from './phatic.js';

describe('saysNothing', () => {
  it.each([
    'Noted, thanks for telling me.',
    'assistant: Got it!',
    'Thanks for sharing that. How can I help today?',
    'Sounds good!',
    "Great, I'll keep that in mind.",
    'Thank you so much!',
    'Hi there!',
    'Nice to meet you!',
    'assistant: Okay, noted.',
    'assistant: Sure, will do!',
    // The name a greeting addresses is no news.
    'assistant: Nice to meet you, Priya! How can I help?',
    'assistant: Hi Mel, welcome back!',
    'assistant: Welcome Lena! How can I help?',
    'assistant: Good morning Sam, how can I help today?',
    'assistant: Hey there Sam! What can I do for you?',
    'assistant: Good to hear from you, Sam!',
    'assistant: Welcome back, Sam! What would you like to do today?',
    'assistant: Congrats, Sam!',
    'Good evening!',
  ])('reads "%s" as phatic', (text) => {
    expect(saysNothing(text)).toBe(true);
  });

  it.each([
    'Yes.',
    'No, thanks.',
    'Sure!',
    'Okay.',
    'user: Okay, noted.',
    'Thanks, the Thai place was great.',
    "I'll do it in the morning.",
    'It is fine.',
    'Great goal! Good luck with your training.',
    'assistant: Great, Lisbon it is.',
    'user: Hi, Priya here.',
    'assistant: Welcome to Denver, Lena!',
    'user: What would you like to do today?',
    'user: I would like that.',
    '',
  ])('reads "%s" as saying something (or nothing to judge)', (text) => {
    expect(saysNothing(text)).toBe(false);
  });
});
