workspace "E-commerce checkout" "Checkout API on API Gateway and Lambda with Aurora, SQS fulfilment, CloudFront assets." {
    model {
        system = softwareSystem "E-commerce checkout" {
            n_cdn = container "cdn" "cdn" "Amazon CloudFront" "cdn,aws"
            n_assets = container "assets" "assets" "Amazon S3" "object-storage,aws,Datastore"
            n_api = container "api" "api" "Amazon API Gateway (HTTP API)" "api-gateway,aws"
            n_checkout = container "checkout" "checkout" "AWS Lambda" "function,aws"
            n_orders_db = container "orders-db" "orders-db" "Amazon Aurora PostgreSQL-Compatible Edition" "relational-database,aws,Datastore"
            n_sessions = container "sessions" "sessions" "Amazon ElastiCache for Valkey" "cache,aws,Datastore"
            n_orders = container "orders" "orders" "Amazon SQS (standard queue)" "queue,aws,Pipe"
            n_fulfilment = container "fulfilment" "fulfilment" "AWS Lambda" "function,aws"
            n_payment_keys = container "payment-keys" "payment-keys" "AWS Secrets Manager" "secrets,aws"
            n_telemetry = container "telemetry" "telemetry" "Amazon CloudWatch" "observability,aws"
        }
        n_cdn -> n_assets "" "" "data"
        n_api -> n_checkout "POST /checkout" "" "request"
        n_checkout -> n_orders_db "" "" "data"
        n_checkout -> n_sessions "" "" "data"
        n_checkout -> n_orders "OrderPlaced" "" "event"
        n_checkout -> n_payment_keys "" "" "request"
        n_orders -> n_fulfilment "" "" "event"
        n_checkout -> n_telemetry "" "" "request"
        deploymentEnvironment "Design" {
            deploymentNode "Outside any boundary" {
                containerInstance n_cdn
                containerInstance n_assets
                containerInstance n_api
                containerInstance n_checkout
                containerInstance n_orders_db
                containerInstance n_sessions
                containerInstance n_orders
                containerInstance n_fulfilment
                containerInstance n_payment_keys
                containerInstance n_telemetry
            }
        }
    }
    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
