// Package wire carries the core engine contract across a process boundary.
//
// It has five parts:
//
//   - conversions between the core model and the generated protocol
//     messages in enginev1 (ToProto and FromProto functions). Conversions
//     from the wire never panic and never trust the peer: non-finite numbers
//     become zero, negative sizes are clamped, unknown statuses become
//     failures, and error codes become errors that still match the core
//     sentinels with errors.Is;
//   - Server, which serves a core.Engine as enginev1.EngineService. It
//     streams every page as the engine yields it and recovers panics at the
//     boundary: a panic ends the stream with an engine_crashed error event
//     and the process keeps serving;
//   - Client, which implements core.Engine over an EngineServiceClient.
//     Failures of the call itself (a broken connection, a vanished process)
//     come back as *RPCError so that a supervisor can tell them apart from
//     answers of the engine;
//   - the hashicorp/go-plugin glue: Handshake, PluginName, Plugin and the
//     gRPC options both sides need;
//   - the codec those options set (codec.go): protobuf as gRPC encodes it,
//     in power-of-two buffers that are recycled without being cleared.
//
// Engine authors do not use this package directly; they call sdk.Serve.
package wire
