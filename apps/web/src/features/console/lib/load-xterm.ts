/** xterm.js and its fit add-on, with xterm's stylesheet: a chunk of their own, loaded when a text console opens. */
export async function loadXterm() {
  const [xterm, fit] = await Promise.all([
    import('@xterm/xterm'),
    import('@xterm/addon-fit'),
    import('@xterm/xterm/css/xterm.css'),
  ]);
  return { Terminal: xterm.Terminal, FitAddon: fit.FitAddon };
}
