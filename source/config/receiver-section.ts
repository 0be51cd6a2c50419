/** The `receiver` section of the config file (resolved with flags and variables in receiver.ts). */
import { z } from 'zod';
import { settingSchemas } from './settings.js';

const keyPairName = z
	.string()
	.regex(/^[A-Za-z0-9._-]{1,64}$/, { message: 'a key pair name uses letters, digits, ".", "_" and "-"' });

export const KeyPair = z.strictObject({
	name: keyPairName,
	currentSigningKey: settingSchemas.currentSigningKey,
	nextSigningKey: settingSchemas.nextSigningKey.optional(),
});
export type KeyPair = z.infer<typeof KeyPair>;

export const ReceiverSection = z.strictObject({
	/** The app's URL: each verified request goes there, the path below it. */
	forwardTo: settingSchemas.queueUrl.optional(),
	/** Forward rejected requests too. */
	forwardRejected: z.boolean().optional(),
	/** The exact public URL the service calls; the subject check compares against it. */
	publicUrl: settingSchemas.queueUrl.optional(),
	/** Key pairs besides the connection's own. */
	keyPairs: z.array(KeyPair).optional(),
});
export type ReceiverSection = z.infer<typeof ReceiverSection>;
