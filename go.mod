module github.com/hyperroute/hyperroute

go 1.26
