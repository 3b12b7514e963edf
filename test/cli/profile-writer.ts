/**
 * A separate process for cli-session.test.ts: saves `count` rotated token pairs to one profile, the
 * way a refreshing `hx` does, so several of these at once show whether a write loses another's.
 */
import { writeProfile } from '../../cli/src/config-store.js';

const [profile, count, startAt] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4])];
// Every writer starts at the same moment, not as each process happens to finish loading.
while (Date.now() < startAt) await new Promise((resolve) => setTimeout(resolve, 5));
for (let i = 1; i <= count; i++) {
  writeProfile(profile, {
    credentials: { accessToken: `${profile}-access-${i}`, refreshToken: `${profile}-refresh-${i}` },
  });
}
