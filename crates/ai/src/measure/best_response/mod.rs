//! Iterated best response for two players' discards, a batch job that
//! splits into shards ([`shard`]) to run across machines.

pub(crate) mod shard;
