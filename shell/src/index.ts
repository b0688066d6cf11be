// Async boundary: the federated shared modules are negotiated before the shell's code runs.
import('./bootstrap');
