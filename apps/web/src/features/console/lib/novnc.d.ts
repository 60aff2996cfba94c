/** The part of noVNC's RFB client (docs/API.md of @novnc/novnc) the console page uses. */
declare module '@novnc/novnc' {
  export interface RfbOptions {
    shared?: boolean;
    credentials?: { username?: string; password?: string; target?: string };
  }

  export default class RFB extends EventTarget {
    /** `channel`: an open WebSocket, or anything with its send/close/binaryType/on* /protocol/readyState. */
    constructor(target: HTMLElement, urlOrChannel: string | object, options?: RfbOptions);
    scaleViewport: boolean;
    resizeSession: boolean;
    focusOnClick: boolean;
    viewOnly: boolean;
    background: string;
    focus(): void;
    disconnect(): void;
    sendCtrlAltDel(): void;
  }
}
