import { englishText, type ServerText } from '@portside/contract/server-texts';

/** A VM operation failed for good (refused by the cluster, timed out, or impossible): not retried. */
export class OperationFailed extends Error {
  readonly text: ServerText;
  constructor(text: ServerText) {
    super(englishText(text));
    this.text = text;
  }
}
