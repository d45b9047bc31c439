export * from './pairing';
export * from './rounds';
export * from './standings';
export * from './state';
export * from './trf-export';
