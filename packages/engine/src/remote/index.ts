export { createReplicateEngine, type ReplicateEngineOptions } from './replicate';
