import { evalDuplicates } from './eval/evalDuplicates';
import { evalStories } from './eval/evalStories';

/** `npm run eval -- <what> [arguments]`: measurements of the server's judgement on given data. */
const [what, file, ...rest] = process.argv.slice(2);
try {
  if (what === 'stories' && file !== undefined && rest.length === 0) evalStories(file);
  else if (what === 'duplicates' && file !== undefined && rest.length === 1)
    evalDuplicates(file, rest[0]!);
  else {
    console.error(
      [
        'Usage: npm run eval -- stories FILE   (a labelled JSON Lines file; see docs/stories.md)',
        '       npm run eval -- duplicates CATALOGUE FILE   (see docs/duplicates.md)',
      ].join('\n'),
    );
    process.exitCode = 2;
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
