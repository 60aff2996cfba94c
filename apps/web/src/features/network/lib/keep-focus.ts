/**
 * For a form's submit button: pressing it does not take the focus from the field being typed in.
 * A field checks itself when left, and its message would push the button down between the press
 * and the release, so the click would be lost; the submit checks every field anyway.
 */
export function keepFocus(e: { preventDefault: () => void }): void {
  e.preventDefault();
}
