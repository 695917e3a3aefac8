/**
 * The tag records this server sends are declared with its calls, in src/shared/responses; the
 * server's code and tests take them from here under the same names.
 */
export {
  cryptoTagSchema,
  ecosystemTagSchema,
  type CryptoTag,
  type EcosystemTag,
} from '../../shared/responses/tag';
