import { expect } from 'chai';
import net from 'node:net';
import { once } from 'node:events';
import { ComputationTurns } from '../src/hotels/computation-turns.ts';

/** A loopback connection: what `send` writes is recorded in `seen` when the loop takes it in; `arrival` waits for the next. */
async function loopback(seen: string[]): Promise<{ send: (text: string) => void; arrival: () => Promise<unknown>; close: () => void }> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
  const [socket] = (await once(server, 'connection')) as [net.Socket];
  await once(client, 'connect');
  socket.on('data', (data) => seen.push(`arrived: ${data.toString()}`));
  return {
    send: (text) => client.write(text),
    arrival: () => once(socket, 'data'),
    close: () => {
      client.destroy();
      server.close();
    },
  };
}

describe('computations taken in turns of the event loop', () => {
  it('lets the loop take in what arrived between two stages of a computation', async () => {
    const seen: string[] = [];
    const connection = await loopback(seen);
    try {
      const turn = new ComputationTurns().begin();
      await turn();
      seen.push('stage 1');
      connection.send('a request');
      await turn();
      seen.push('stage 2');
      expect(seen).to.deep.equal(['stage 1', 'arrived: a request', 'stage 2']);
    } finally {
      connection.close();
    }
  });

  it('gives stages waiting together a turn each', async () => {
    const seen: string[] = [];
    const connection = await loopback(seen);
    try {
      const turns = new ComputationTurns();
      const stage = async (name: string) => {
        await turns.begin()();
        seen.push(name);
        connection.send(`during ${name}`);
      };
      await Promise.all([stage('first'), stage('second')]).then(connection.arrival);
      expect(seen).to.deep.equal(['first', 'arrived: during first', 'second', 'arrived: during second']);
    } finally {
      connection.close();
    }
  });

  it('gives the turn to the oldest computation waiting, so one runs to its end before the next starts', async () => {
    const turns = new ComputationTurns();
    const seen: string[] = [];
    const compute = async (name: string, turn: () => Promise<void>) => {
      for (const stage of [1, 2, 3]) {
        await turn();
        seen.push(`${name}${stage}`);
      }
    };
    const older = turns.begin();
    const younger = turns.begin();
    await Promise.all([compute('younger', younger), compute('older', older)]);
    expect(seen).to.deep.equal(['older1', 'older2', 'older3', 'younger1', 'younger2', 'younger3']);
  });
});
