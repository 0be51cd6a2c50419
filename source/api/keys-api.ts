/** The signing keys callbacks are signed with: read the current and next, and rotate them. */
import { SigningKeys } from './schemas.js';
import { type Messaging, read, sendRead } from './transport.js';

export class KeysApi {
	constructor(private readonly messaging: Messaging) {}

	read(signal?: AbortSignal) {
		return read(this.messaging, 'read signing keys', '/v2/keys', SigningKeys, signal);
	}

	/** The next key becomes the current one and a new next key is made; answers both. */
	rotate() {
		return sendRead(
			this.messaging,
			{ operation: 'rotate signing keys', method: 'POST', path: '/v2/keys/rotate' },
			SigningKeys,
		);
	}
}
