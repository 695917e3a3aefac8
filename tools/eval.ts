import { evalStories } from './eval/evalStories';

/** `npm run eval -- <what> [arguments]`: measurements of the server's judgement on given data. */
const [what, file, ...rest] = process.argv.slice(2);
try {
  if (what === 'stories' && file !== undefined && rest.length === 0) evalStories(file);
  else {
    console.error(
      'Usage: npm run eval -- stories FILE   (a labelled JSON Lines file; see docs/stories.md)',
    );
    process.exitCode = 2;
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
