/**
 * An e-mail address that wraps where people expect on narrow screens — after the '@' and before
 * each dot — instead of in the middle of a word ('overflow-wrap: anywhere' cut 'ana.kow|alska').
 * Only an address longer than the line with no such point left breaks inside a part.
 */
import { Fragment } from 'react';

/** The address with a word-break opportunity after '@' and before every '.'. */
export function BreakableEmail({ email }: { email: string }) {
  const pieces = email.split(/(?=\.)|(?<=@)/);
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {pieces.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {p}
        </Fragment>
      ))}
    </span>
  );
}
