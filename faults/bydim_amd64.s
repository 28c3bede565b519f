#include "textflag.h"

// func byDimAsm(failed []uint64, j uint64, nodes *[]uint32, n, inv uint64) (stop uint64)
//
// Blocks of 64 words: the block's first word, and a mask of which of the
// next 63 are not 0; then one loop over the block's bits, which moves on
// to the next word by conditional moves, not by a branch a word.
// Registers: SI failed, R10 nodes, R11 n, R12 inv, R9 −1, R13 0; BX the
// index of the block's first word, R8 the mask, R14 the index of the word
// read, R15 its bits left.
TEXT ·byDimAsm(SB), NOSPLIT, $0-64
	MOVQ failed_base+0(FP), SI
	MOVQ j+24(FP), CX
	MOVQ nodes+32(FP), R10
	MOVQ n+40(FP), R11
	MOVQ inv+48(FP), R12
	MOVQ $-1, R9
	XORL R13, R13
	MOVQ CX, BX
	SHRQ $6, BX
	CMPQ BX, failed_len+8(FP)
	JAE  done
	MOVQ (SI)(BX*8), R15
	MOVQ $-1, AX
	SHLQ CX, AX
	ANDQ AX, R15 // the edges from j on

block:
	MOVQ BX, R14
	XORL R8, R8
	LEAQ 63(BX), DX
	MOVQ failed_len+8(FP), CX
	DECQ CX
	CMPQ DX, CX
	CMOVQGT CX, DX // the block's last word
	JMP  livetest

live:
	MOVQ (SI)(DX*8), AX
	NEGQ AX        // carry: not 0
	ADCQ R8, R8
	DECQ DX

livetest:
	CMPQ DX, BX
	JA   live
	JMP  next

bit:
	XORL  CX, CX   // BSF's output waits for its old value otherwise
	BSFQ  R15, CX
	MOVQ  R14, AX
	SHLQ  $6, AX
	ADDQ  CX, AX   // j
	MOVQ  AX, DI
	MULQ  R12      // DX: the node, ⌊j/n⌋
	MOVQ  DX, CX
	IMULQ R11, CX
	SUBQ  CX, DI   // d − 1
	LEAQ  (DI)(DI*2), DI
	LEAQ  24(R10)(DI*8), DI // &nodes[d]
	MOVQ  8(DI), CX
	CMPQ  CX, 16(DI)
	JAE   full
	MOVQ  (DI), AX
	MOVL  DX, (AX)(CX*4)
	INCQ  CX
	MOVQ  CX, 8(DI)
	LEAQ  -1(R15), AX
	ANDQ  AX, R15

next:
	// If the word has no bits left, the block's next live word, or 0.
	LEAQ    -1(R8), DI
	ANDQ    R8, DI
	XORL    CX, CX
	BSFQ    R8, CX
	CMOVQEQ R9, CX
	LEAQ    1(BX)(CX*1), DX
	MOVQ    (SI)(DX*8), AX
	CMOVQEQ R13, AX
	TESTQ   R15, R15
	CMOVQEQ AX, R15
	CMOVQEQ DX, R14
	CMOVQEQ DI, R8
	TESTQ   R15, R15
	JNE     bit
	ADDQ    $64, BX
	CMPQ    BX, failed_len+8(FP)
	JAE     done
	MOVQ    (SI)(BX*8), R15
	JMP     block

full:
	BSFQ R15, CX
	MOVQ R14, AX
	SHLQ $6, AX
	ADDQ CX, AX
	MOVQ AX, stop+56(FP)
	RET

done:
	MOVQ failed_len+8(FP), AX
	SHLQ $6, AX
	MOVQ AX, stop+56(FP)
	RET
