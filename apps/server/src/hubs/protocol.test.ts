import { describe, expect, it } from 'vitest';
import {
  MessageType,
  RECORD_SEPARATOR as RS,
  RecordReader,
  closeMessage,
  completionError,
  handshakeResponse,
  invocation,
  parseHandshake,
  parseHubMessage,
  payloadText,
  ping,
} from './protocol.js';
import { parseJoined } from '@portside/contract/hubs';

describe('records', () => {
  it('end every message with the record separator 0x1E', () => {
    expect(RS).toBe('\x1e');
    expect(handshakeResponse()).toBe('{}\x1e');
    expect(ping()).toBe('{"type":6}\x1e');
    expect(invocation('ReceiveMessage', ['x'])).toBe('{"type":1,"target":"ReceiveMessage","arguments":["x"]}\x1e');
  });

  it('answer a bad handshake with its error', () => {
    expect(JSON.parse(handshakeResponse('nope').slice(0, -1))).toEqual({ error: 'nope' });
  });

  it('build close and completion messages', () => {
    expect(JSON.parse(closeMessage().slice(0, -1))).toEqual({ type: 7 });
    expect(JSON.parse(closeMessage('bye', true).slice(0, -1))).toEqual({ type: 7, error: 'bye', allowReconnect: true });
    expect(JSON.parse(completionError('4', 'no').slice(0, -1))).toEqual({ type: 3, invocationId: '4', error: 'no' });
  });
});

describe('payloadText', () => {
  it('is the JSON text, with the joined marker escaped so it never reads as a joined message', () => {
    const payload = { provisioned_id: 1, label: 'a_joined_[terminal]', message: 'x' };
    const text = payloadText(payload);
    expect(text).not.toContain('_joined_');
    expect(parseJoined(text)).toBeNull();
    expect(JSON.parse(text)).toEqual(payload);
    expect(payloadText({ a: 1 })).toBe('{"a":1}');
  });
});

describe('RecordReader', () => {
  it('splits several records of one frame', () => {
    const r = new RecordReader(1000);
    expect(r.push(`{"protocol":"json","version":1}${RS}{"type":6}${RS}`)).toEqual([
      '{"protocol":"json","version":1}',
      '{"type":6}',
    ]);
  });

  it('keeps a record that spans frames until its separator arrives', () => {
    const r = new RecordReader(1000);
    expect(r.push('{"type"')).toEqual([]);
    expect(r.push(`:6}${RS}{"ty`)).toEqual(['{"type":6}']);
    expect(r.push(`pe":7}${RS}`)).toEqual(['{"type":7}']);
  });

  it('refuses an overlong pending record', () => {
    const r = new RecordReader(10);
    expect(() => r.push('x'.repeat(11))).toThrow(/too large/);
  });
});

describe('parseHandshake', () => {
  it('accepts json version 1', () => {
    expect(parseHandshake('{"protocol":"json","version":1}')).toEqual({ ok: true });
  });

  it.each([
    ['{"protocol":"messagepack","version":1}', /protocol 'messagepack' is not available/],
    ['{"protocol":"json","version":2}', /version 2/],
    ['{"protocol":"json"}', /protocol and its version/],
    ['[]', /JSON object/],
    ['hello', /not valid JSON/],
  ])('refuses %s', (text, error) => {
    const r = parseHandshake(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(error);
  });
});

describe('parseHubMessage', () => {
  it('reads messages with a numeric type', () => {
    expect(parseHubMessage('{"type":6}')).toEqual({ type: MessageType.Ping });
    expect(parseHubMessage('{"type":1,"target":"X","arguments":[],"invocationId":"1"}')?.invocationId).toBe('1');
  });

  it.each(['{"type":"6"}', '{}', 'null', '[1]', 'not json', '{"type":1.5}'])('gives null for %s', (text) => {
    expect(parseHubMessage(text)).toBeNull();
  });
});
